// ACCESS_TOKEN_COMMAND: a token that a command prints, for targets whose tokens are short-lived
// (an identity provider's CLI, a vault). It runs once at the start, and again in any process of the
// run whose request with that token was answered 401 after the token had been accepted before:
// the token expired, and the request is sent once more with the new one. Neither the command's
// text nor what it prints is ever shown; every token it printed is redacted as $ACCESS_TOKEN.
import { execFileSync } from 'node:child_process';

/** How long the command may take before the run stops with one sentence. */
const COMMAND_TIMEOUT_MS = 60_000;

export class TokenCommandError extends Error {
  override readonly name = 'TokenCommandError';
}

/** Runs the command (through sh) and returns the token it printed: its output, trimmed, on one line. */
export function runTokenCommand(command: string, env: NodeJS.ProcessEnv = process.env): string {
  let output: string;
  try {
    output = execFileSync('/bin/sh', ['-c', command], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: COMMAND_TIMEOUT_MS,
      env,
    });
  } catch (error) {
    const { status, signal } = error as { status?: number | null; signal?: string | null };
    // What it printed, and the command itself, may hold secrets: only how it ended is said.
    throw new TokenCommandError(
      `ACCESS_TOKEN_COMMAND failed (${signal ? `stopped by ${signal}${signal === 'SIGTERM' ? `, after ${COMMAND_TIMEOUT_MS / 1000} s` : ''}` : `exit code ${String(status)}`}); run it yourself to see why.`,
    );
  }
  const token = output.trim();
  if (token === '' || /\s/.test(token))
    throw new TokenCommandError(
      `ACCESS_TOKEN_COMMAND printed ${token === '' ? 'nothing' : 'more than one word'}; it must print the token alone.`,
    );
  return token.replace(/^Bearer\s+/i, '');
}

/** The token of each command in this process: the newest it printed, and whether the target has accepted one. */
const state = new Map<string, { token: string; accepted: boolean }>();
/** Every token a command printed in this process: a redactor hides each as $ACCESS_TOKEN. */
export const printedTokens: string[] = [];

/** The newest token of the command in this process (the one the run started with, until a refresh). */
export function currentToken(command: string, startedWith: string): string {
  let entry = state.get(command);
  if (entry === undefined) {
    // The token the run started with counts as accepted: no check runs before the probe's first
    // request was answered with it (in the probe itself, a token refused from the start costs one
    // more run of the command, then the same sentence).
    state.set(command, (entry = { token: startedWith, accepted: true }));
    if (!printedTokens.includes(startedWith)) printedTokens.push(startedWith);
  }
  return entry.token;
}

/** The target answered a request sent with `token` with something other than 401: the token works. */
export function tokenAccepted(command: string, token: string): void {
  const entry = state.get(command);
  if (entry !== undefined && entry.token === token) entry.accepted = true;
}

/**
 * After a 401 to a request sent with `token`: a new token, when that token had been accepted before
 * (it expired); undefined when it never was (a wrong token stays wrong, and the check says so) or
 * another request of this process has already renewed it (then its token is current).
 */
export function renewedToken(command: string, token: string): string | undefined {
  const entry = state.get(command);
  if (entry === undefined) return undefined;
  if (entry.token !== token) return entry.token;
  if (!entry.accepted) return undefined;
  const renewed = runTokenCommand(command);
  printedTokens.push(renewed);
  state.set(command, { token: renewed, accepted: false });
  return renewed;
}
