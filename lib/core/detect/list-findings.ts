// The findings that read the whole conversation list, not a list filtered by the probe's own group:
// how it pages (PAGINATION) and what a large limit gets (LARGEST_LIMIT). They run side by side in a
// phase of their own, after the probe's creates and before its deletes, so that no write of the
// probe's own changes the list under them (another run's may, as it always could: pagination.ts
// reads again when the list moved), and on a target that held nothing its groups are what is listed.
import type { ApiClient } from '../client/api-client.ts';
import { formatPagination } from '../config/parse-values.ts';
import type { PaginationStyle } from '../config/value-types.ts';
import { everyReading } from '../profile/server-profile.ts';
import { unknown, type Finding } from './findings.ts';
import { detectPagination } from './pagination.ts';
import { asRecord } from './probe-groups.ts';

export async function paginationFinding(client: ApiClient): Promise<{ finding: Finding; style?: PaginationStyle }> {
  const paging = await detectPagination(client);
  return {
    finding: {
      setting: 'PAGINATION',
      value: paging.style && formatPagination(paging.style),
      evidence: paging.evidence,
    },
    ...(paging.style === undefined ? {} : { style: paging.style }),
  };
}

export async function largestLimit(client: ApiClient): Promise<Finding> {
  const asked = 1_000;
  const response = await client.listConversations({ limit: asked });
  if (everyReading.isRefusal(response.status))
    return {
      setting: 'LARGEST_LIMIT',
      value: 'refused',
      evidence: `GET /v1/conversations?limit=${asked} was refused (${response.status})`,
    };
  const data = asRecord(response.body)?.data;
  if (everyReading.isSuccess(response.status) && Array.isArray(data)) {
    // A page shorter than asked is a clamp only if more exist; otherwise the limit was simply not reached.
    const more = asRecord(response.body)?.has_more === true;
    if (more && data.length < asked)
      return {
        setting: 'LARGEST_LIMIT',
        value: 'clamped',
        evidence: `GET /v1/conversations?limit=${asked} answered a page of ${data.length} with has_more true`,
      };
    return unknown(
      'LARGEST_LIMIT',
      `GET /v1/conversations?limit=${asked} answered a page of ${data.length}${more ? '' : ' that ends the list'}: no maximum reached`,
    );
  }
  return unknown('LARGEST_LIMIT', `GET /v1/conversations?limit=${asked} answered ${response.status}`);
}
