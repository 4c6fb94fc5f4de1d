// Which target a run tests, the right one or none: the embedded reference server only when asked
// for (--embedded), or when nothing names a target and this is no CI job, so that a CI job whose
// BASE_URL secret is missing, or a token given without its server, never tests the embedded server
// and passes. Each broken rule is one sentence; commands whose table has --embedded run these.

/** Whether the environment says this is a CI job: CI set to anything but '', 'false' or '0'. */
export function runsInCi(env: NodeJS.ProcessEnv): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}

/** `embedded`: the --embedded switch as read; `raw`: the text given for a target setting, if any. */
export function targetChoiceProblems(
  embedded: boolean,
  raw: (key: string) => string | undefined,
  env: NodeJS.ProcessEnv,
  embeddedUnlessTarget = false,
): string[] {
  const baseUrl = raw('baseUrl');
  // An empty BASE_URL has its own sentence already (parseBaseUrl).
  if (baseUrl === '') return [];
  if (baseUrl !== undefined) {
    return embedded ? ['--embedded (EMBEDDED) and BASE_URL both name the target; give one of them.'] : [];
  }
  if (embedded) return [];
  const tokens = ['accessToken', 'accessTokenCommand', 'secondAccessToken'].filter((key) => raw(key) !== undefined);
  if (tokens.length > 0) {
    const names = tokens
      .map(
        (key) =>
          ({ accessToken: 'ACCESS_TOKEN', accessTokenCommand: 'ACCESS_TOKEN_COMMAND' })[key] ?? 'SECOND_ACCESS_TOKEN',
      )
      .join(' and ');
    return [
      `${names} ${tokens.length === 1 ? 'is' : 'are'} set but BASE_URL is not; set BASE_URL to the server the token belongs to, or pass --embedded to test the embedded reference server.`,
    ];
  }
  // --embedded-unless-target (npm run conformance, the README's first command) asks for the embedded
  // server whenever nothing names a target, in CI too: it is a demonstration, never a gate.
  if (runsInCi(env) && !embeddedUnlessTarget) {
    return [
      `CI is set (CI=${env.CI}) and no target is named; set BASE_URL to the server to test, or pass --embedded (EMBEDDED=true) to test the embedded reference server.`,
    ];
  }
  return [];
}
