// Robustness with text a server may not expect: one of every class real clients send (text-classes.ts). §2.2 leaves the
// length and character limits open, so refusing with a 4xx is fine (profile: input-rules); accepting
// and then returning something other than the text or a normalisation of it (profile: text-storage),
// or a 5xx, is not.
import type { CheckContext } from '../checks/check-context.ts';
import { expectBody, expectClientError, expectNoServerError, expectSameText, expectSuccess } from '../checks/expect.ts';
import { recordCreated } from '../checks/fixtures.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';
import type { FormSpaces } from '../../lib/core/client/encode-body.ts';
import { oneOfEachClass } from '../properties/text-classes.ts';

/** The long texts: past a page of text, and past one socket read. */
const LONG = 10_000;
const LONGER = 100_000;

export const unusualTextIsRefusedOrKept =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>, field: string) =>
  async (context: CheckContext) => {
    const marker = context.names.contactId('text');
    // One text of every class (text-classes.ts), marked as the run's own where the class does not
    // live at the edges of the text; a long one; and, in a form body, spaces written as + (the HTML
    // form encoding every form reader takes), which must come back as spaces.
    const texts: Array<[string, string, FormSpaces?]> = [
      ...oneOfEachClass(context.target.seed).map(({ textClass, text }): [string, string] => [
        `a ${field} of the class ${textClass} (${JSON.stringify(text.slice(0, 24))}${text.length > 24 ? `…, ${text.length} characters` : ''})`,
        ['empty', 'spaces'].includes(textClass) ? text : `${marker} ${text}`,
      ]),
      [`a ${field} of ${LONG.toLocaleString('en')} characters`, marker.padEnd(LONG, 'x')],
      // Past what one read of a socket holds (64 KiB on loopback): an answer that must be framed
      // across reads, and a body parsers with small limits refuse (a 4xx, which is fine).
      [`a ${field} of ${LONGER.toLocaleString('en')} characters`, marker.padEnd(LONGER, 'y')],
      ...(context.target.bodyEncoding === 'form'
        ? [
            [`a ${field} whose spaces the form body writes as +`, `${marker} a b  c`, 'plus'] as [
              string,
              string,
              FormSpaces,
            ],
          ]
        : []),
    ];
    for (const [what, text, formSpaces] of texts) {
      const response = await resource.createWith(context.client, { [field]: text }, formSpaces);
      recordCreated(context, resource.kind, response.body);
      expectNoServerError(context.profile, response, `POST ${resource.path} with ${what}`);
      if (!context.profile.isSuccess(response.status)) {
        // A body past the size a server reads is one it does not take at all: its 413, or any
        // status of the profile's unsupported-body, beside the declared refusal status
        // (profile: input-rules, unsupported-body).
        if (
          text.length >= LONG &&
          (context.profile.isTooLarge(response.status) || context.profile.isBodyRefusal(response.status))
        )
          continue;
        expectClientError(context.profile, response, `POST ${resource.path} with ${what}, when it is not accepted`);
        continue;
      }
      const created = expectBody(response, resource.schema, `the created ${resource.kind}`) as unknown as Record<
        string,
        unknown
      >;
      expectSameText(
        context.profile,
        response,
        created[field],
        text,
        field,
        `${resource.section}: ${what}, once accepted, is returned as given by the create`,
      );
      const retrieved = await resource.retrieve(context.client, String(created.id));
      expectSuccess(
        context.profile,
        retrieved,
        `GET ${resource.path}/:id of the ${resource.kind} created with ${what}`,
      );
      const stored = expectBody(retrieved, resource.schema) as unknown as Record<string, unknown>;
      expectSameText(
        context.profile,
        retrieved,
        stored[field],
        text,
        field,
        `${resource.section}: ${what}, once accepted, is stored as given`,
      );
    }
  };
