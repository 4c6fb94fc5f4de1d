// Opening a target: the server BASE_URL names, or, with no BASE_URL, the embedded reference server,
// started for two users so that isolation checks run too: in a child process of its own (load), or
// in this process by the start function the caller passes (the library does not import reference/:
// conformance/embedded-reference.ts supplies it). Every way returns the one Target shape.
import type { DeclaredReadings } from '../../api/open-points.ts';
import type { BodyEncoding, GroupContactsSemantics, PaginationStyle } from '../config/settings.ts';
import { startEmbeddedServer } from './embedded-process.ts';
import { newToken } from './new-token.ts';
import type { Target, TargetChoices } from './target.ts';
import { directTransport, type TransportSettings } from '../client/transport.ts';

/** The settings that say which target and how to talk to it (lib/core/config/settings.ts). */
export interface TargetSettings {
  /** Undefined: the embedded reference server. */
  baseUrl: string | undefined;
  accessToken: string | undefined;
  secondAccessToken?: string | undefined;
  bodyEncoding: BodyEncoding;
  pagination: PaginationStyle;
  groupContacts?: GroupContactsSemantics | undefined;
  /** The readings of the server profile the user declared; unset: every reading. */
  declared?: DeclaredReadings | undefined;
  /** Headers a gateway asks for, certificates; unset: none (a proxy is the environment's). */
  transport?: TransportSettings | undefined;
}

/** Starts the embedded reference server in this process for two users; resolves once it listens. */
export type StartInProcess = (users: {
  accessToken: string;
  secondAccessToken: string;
}) => Promise<{ url: string; close(): Promise<void> }>;

/** Where the embedded reference server runs when there is no BASE_URL. */
export type Embedding =
  /** In this process, started by `start` (with the faults and variant choices the caller chose). */
  | { process: 'in-process'; start: StartInProcess }
  /** In a child process (reference/main.ts), so that its CPU share can be told from the generator's. */
  | { process: 'child' };

export async function openTarget(settings: TargetSettings, embedding: Embedding): Promise<Target> {
  const choices: TargetChoices = {
    bodyEncoding: settings.bodyEncoding,
    pagination: settings.pagination,
    groupContacts: settings.groupContacts,
    declared: settings.declared ?? {},
  };
  if (settings.baseUrl !== undefined) {
    return {
      url: settings.baseUrl,
      // The option rules insist on ACCESS_TOKEN whenever BASE_URL is set.
      users: { accessToken: settings.accessToken!, secondAccessToken: settings.secondAccessToken },
      choices,
      transport: settings.transport ?? directTransport,
      embedded: false,
      pid: undefined,
      close: async () => {},
    };
  }
  const users = {
    accessToken: settings.accessToken ?? newToken(),
    secondAccessToken: settings.secondAccessToken ?? newToken(),
  };
  // reference/README.md: PUT contacts replaces the member list, unless a variant declares otherwise.
  const embeddedChoices = { ...choices, groupContacts: choices.groupContacts ?? 'replace' };
  if (embedding.process === 'child') {
    const server = await startEmbeddedServer(users);
    return {
      url: server.url,
      users,
      choices: embeddedChoices,
      transport: directTransport,
      embedded: true,
      pid: server.pid,
      close: server.close,
    };
  }
  const server = await embedding.start(users);
  return {
    url: server.url,
    users,
    choices: embeddedChoices,
    transport: directTransport,
    embedded: true,
    pid: undefined,
    close: () => server.close(),
  };
}
