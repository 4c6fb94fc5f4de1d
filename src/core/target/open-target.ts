// The server the suites run against: the one BASE_URL names, or, with no BASE_URL, the embedded
// reference server, started here for two users so that isolation checks run too.
import { randomBytes } from 'node:crypto';
import type { HarnessConfig } from '../config/load.ts';
import type { GroupContactsSemantics } from '../config/settings.ts';
import { startReferenceServer } from '../../../reference/listen.ts';

export interface OpenTarget {
  url: string;
  embedded: boolean;
  accessToken: string;
  secondAccessToken: string | undefined;
  /** What the target is known to do where the spec is open, when the user did not declare it. */
  groupContacts: GroupContactsSemantics | undefined;
  close(): Promise<void>;
}

export const newToken = (): string => `ref_${randomBytes(18).toString('base64url')}`;

export async function openTarget(config: HarnessConfig): Promise<OpenTarget> {
  if (config.baseUrl !== undefined) {
    return {
      url: config.baseUrl,
      embedded: false,
      // loadConfig insists on ACCESS_TOKEN whenever BASE_URL is set.
      accessToken: config.accessToken!,
      secondAccessToken: config.secondAccessToken,
      groupContacts: config.groupContacts,
      close: async () => {},
    };
  }
  const accessToken = config.accessToken ?? newToken();
  const secondAccessToken = config.secondAccessToken ?? newToken();
  const server = await startReferenceServer({
    users: [
      { token: accessToken, name: 'first' },
      { token: secondAccessToken, name: 'second' },
    ],
  });
  return {
    url: server.url,
    embedded: true,
    accessToken,
    secondAccessToken,
    // reference/README.md: PUT contacts replaces the member list.
    groupContacts: config.groupContacts ?? 'replace',
    close: () => server.close(),
  };
}
