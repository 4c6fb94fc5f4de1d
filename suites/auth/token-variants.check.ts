import type { Conversation, Group } from '../../lib/api/resources.ts';
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { DerivedCredentials } from '../../lib/core/client/credentials.ts';
import type { CheckContext } from '../../harness/checks/check-context.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { expectBody, expectNoServerError, expectThat } from '../../harness/checks/expect.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { createOwnResources } from '../../harness/checks/own-resources.ts';
import { expectEveryOperationRejected, type WrongCredentials } from './rejection.ts';

// Credentials made from the valid token (ACCESS_TOKEN). The token is a secret: each variant is
// named by what was done to it, and recorded as a shell expansion of $ACCESS_TOKEN, so a failure
// shows and reproduces the request without ever holding the token.

const secret = '$ACCESS_TOKEN';

/**
 * An Authorization header with a token made from the valid one: `token` is sent where the token
 * goes, written `shownToken` in records; `scheme` and `after` surround it as they are.
 */
function made(label: string, token: string, shownToken: string, scheme = 'Bearer ', after = ''): WrongCredentials {
  const credentials: DerivedCredentials = {
    kind: 'derived',
    values: [`${scheme}${token}${after}`],
    shown: [`${scheme}${shownToken}${after}`],
    hidden: [[token, shownToken]],
  };
  return { label, credentials };
}

/**
 * What replaces the token's last character: "~", outside the base64 alphabets, so that a token
 * decoded before it is compared (a JWT's signature) cannot decode to the same bytes, as a changed
 * last base64 character may when only its unused low bits differ; "." when the token ends in "~".
 */
const replacingLast = (character: string | undefined): string => (character === '~' ? '.' : '~');

/** §5: the value is "Bearer <ACCESS_TOKEN>". Each of these holds another token, or the token in another value. */
function tokenVariants(token: string): WrongCredentials[] {
  const last = token.at(-1);
  const cut = token.slice(0, -1);
  return [
    made('the valid token with a character added before it', `x${token}`, `x${secret}`),
    // "x", a base64 character: it lengthens what a decoded token decodes to (a lenient decoder skips "~").
    made('the valid token with a character added after it', `${token}x`, `\${ACCESS_TOKEN}x`),
    made('the valid token with its last character changed', `${cut}${replacingLast(last)}`, `\${ACCESS_TOKEN%?}${replacingLast(last)}`),
    made('the valid token written twice', `${token}${token}`, `${secret}${secret}`),
    made('the valid token after "xBearer" (a scheme word that ends in Bearer)', token, secret, 'xBearer '),
    made('the valid token followed by a space and junk ("Bearer <token> junk")', token, secret, 'Bearer ', ' junk'),
    ...(cut === '' ? [] : [made('the valid token without its last character', cut, `\${ACCESS_TOKEN%?}`)]),
  ];
}

/** Every letter of the token in the other case (the shell writes that as bash's ${ACCESS_TOKEN~~}). */
const swapCase = (token: string): string =>
  [...token].map((character) => (character === character.toLowerCase() ? character.toUpperCase() : character.toLowerCase())).join('');

// RFC 7235 §2.1: the scheme is case-insensitive, and 1*SP separates it from the credentials; §5 of
// the spec writes "Bearer <ACCESS_TOKEN>" without saying more. A server may accept these or refuse
// them; two Authorization headers are no valid request either (RFC 9110 §5.3: the field is not a
// list), which a server may refuse or answer by one of the two.
function schemeVariants(token: string, unknown: string): WrongCredentials[] {
  const two = (label: string, values: [string, string], shown: [string, string]): WrongCredentials =>
    ({ label, credentials: { kind: 'derived', values, shown, hidden: [] } });
  return [
    made('the valid token with the scheme written "bearer"', token, secret, 'bearer '),
    made('the valid token with the scheme written "BEARER"', token, secret, 'BEARER '),
    made('the valid token after two spaces ("Bearer  <token>")', token, secret, 'Bearer  '),
    two('two Authorization headers, the valid one first and an unknown token second',
      [`Bearer ${token}`, `Bearer ${unknown}`], [`Bearer ${secret}`, `Bearer ${unknown}`]),
    two('two Authorization headers, an unknown token first and the valid one second',
      [`Bearer ${unknown}`, `Bearer ${token}`], [`Bearer ${unknown}`, `Bearer ${secret}`]),
  ];
}

const eitherRule = '§5 writes "Bearer <ACCESS_TOKEN>" and no more (RFC 7235 §2.1: the scheme is case-insensitive, 1*SP before the token; RFC 9110 §5.3: Authorization is no list, so two are no valid request): a server may serve the token\'s user or refuse, never fail';

/** A success acts for the token's user: the owner's own object, as the owner gets it. */
function expectOwnersObject(response: ApiResponse, schema: 'conversation' | 'group', id: string, what: string): void {
  const object = expectBody(response, schema) as Conversation | Group;
  expectThat(object.id === id, response, `the owner's ${schema} ${id} in a success for ${what} (${eitherRule})`, `${schema} ${String(object.id)}`);
}

async function expectNoServerErrorForEach(context: CheckContext): Promise<void> {
  const own = await createOwnResources(context, 'auth-scheme-variants');
  const variants = schemeVariants(context.target.accessToken, `msgapi-${context.target.runId}-unknown-token`);
  // Each variant once, on the two retrieves in turn: they change nothing, and a success shows whose it is.
  for (const [index, { label, credentials }] of variants.entries()) {
    const client = context.client.as(credentials);
    const [schema, id, response] = index % 2 === 0
      ? ['conversation', own.conversation.id, await client.retrieveConversation(own.conversation.id)] as const
      : ['group', own.group.id, await client.retrieveGroup(own.group.id)] as const;
    const what = `GET /v1/${schema}s/:id of the owner's ${schema}, sent with ${label}`;
    expectNoServerError(context.profile, response, `${what} (${eitherRule})`);
    if (context.profile.isSuccess(response.status)) expectOwnersObject(response, schema, id, what);
    else {
      expectThat(
        context.profile.isAuthRefusal(response.status) || context.profile.isRefusal(response.status),
        response,
        `a success or a refusal (${context.profile.describe('auth-refusal-status')}, or ${context.profile.describe('refusal-status')}) for ${what} (${eitherRule})`,
        `status ${response.status}`,
      );
    }
  }
}

export const checks = [
  defineCheck(
    {
      id: 'auth.token-variants.rejected',
      title: 'every endpoint rejects the valid token changed (a character added, removed or changed, written twice, wrapped in junk) with 401 or 403, shows no data and changes nothing',
      level: 'security',
      tags: ['conversations', 'groups'],
    },
    (context) => expectEveryOperationRejected(context, tokenVariants(context.target.accessToken)),
  ),
  defineCheck(
    {
      id: 'auth.token-variants.case-swapped-rejected',
      title: 'every endpoint rejects the valid token with its letter case swapped with 401 or 403, shows no data and changes nothing',
      level: 'security',
      tags: ['conversations', 'groups'],
    },
    (context) => {
      // §5: the header carries the ACCESS_TOKEN; a token in other letters is another token (the
      // comparison of secrets is exact). A token without letters has no other case.
      const token = context.target.accessToken;
      const swapped = swapCase(token);
      if (swapped === token) return context.skip('ACCESS_TOKEN has no letters, so it has no other letter case to send');
      return expectEveryOperationRejected(context, [made('the valid token with the case of every letter swapped', swapped, '${ACCESS_TOKEN~~}')]);
    },
  ),
  defineCheck(
    {
      id: 'auth.token-variants.scheme-no-server-error',
      title: 'the valid token with the scheme in other letter case, two spaces, or beside a second Authorization header gets a success as its user or a refusal, never a 5xx',
      level: 'robustness',
      tags: ['conversations', 'groups'],
    },
    expectNoServerErrorForEach,
  ),
];

registerWhenRunByVitest(import.meta, checks);
