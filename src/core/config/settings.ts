// Every setting the harness reads: its environment name, its flag, what it means and how it is
// checked. The .env.example file and `msgapi --help` are generated from this list, so they cannot drift.

export type PaginationStyle =
  | { kind: 'starting_after' }
  | { kind: 'cursor'; param: string; field: string }
  | { kind: 'page'; param: string }
  | { kind: 'offset'; param: string }
  | { kind: 'none' };

export type BodyEncoding = 'form' | 'json';

/** §4.2: "Whether contacts replaces the membership list or merges into it: not shown." */
export type GroupContactsSemantics = 'replace' | 'merge';

export interface SettingSpec {
  env: string;
  flag: string;
  /** Shown in .env.example and --help. */
  help: string;
  /** Written in .env.example, commented out. */
  example: string;
  /** A secret is never echoed back, not even in an error about its own value. */
  secret?: boolean;
  /** A switch: the flag takes no value (--strict); the variable takes true or false. */
  boolean?: boolean;
}

export const settings = [
  {
    env: 'BASE_URL',
    flag: 'base-url',
    help: 'The server under test, without /v1 (the suite adds it). Unset: the embedded reference server is started and used.',
    example: 'https://api.example.com',
  },
  {
    env: 'ACCESS_TOKEN',
    flag: 'access-token',
    help: 'Bearer token of the user the suite acts as (spec §5). Required with BASE_URL. Never printed; prefer the environment or .env to the flag, which other users of the machine can see.',
    example: 'replace-with-your-token',
    secret: true,
  },
  {
    env: 'SECOND_ACCESS_TOKEN',
    flag: 'second-access-token',
    help: "Optional token of a second user: enables the checks that one user cannot see or change another's data.",
    example: 'replace-with-a-second-users-token',
    secret: true,
  },
  {
    env: 'BODY_ENCODING',
    flag: 'body-encoding',
    help: 'How request bodies are sent: form (named form parameters as in the spec, arrays as contacts[0][username]=alice) or json.',
    example: 'form',
  },
  {
    env: 'PAGINATION',
    flag: 'pagination',
    help: 'How to ask for the next page, which the spec leaves open: starting_after (the last id of the page), cursor:<param>:<field> (opaque cursor from the envelope field), page:<param> (1-based page numbers), offset:<param>, or none (page-walking checks are skipped).',
    example: 'starting_after',
  },
  {
    env: 'REQUEST_TIMEOUT_MS',
    flag: 'request-timeout-ms',
    help: 'How long one request may take, in milliseconds, before it counts as a hang.',
    example: '10000',
  },
  {
    env: 'SEED',
    flag: 'seed',
    help: 'Seed for everything the suite generates; printed at the start of each run so a run can be replayed. Unset: a new seed each run.',
    example: '42',
  },
  {
    env: 'MAX_RPS',
    flag: 'max-rps',
    help: 'Most requests per second the suite sends to the target (the checks then run in one worker). Unset: no cap.',
    example: '20',
  },
  {
    env: 'PROPERTY_RUNS',
    flag: 'property-runs',
    help: 'How many generated cases each property and model-based check tries (fast-check numRuns). More finds more; each run costs requests.',
    example: '10',
  },
  {
    env: 'PROPERTY_TIME_BUDGET_MS',
    flag: 'property-time-budget-ms',
    help: 'Time one property or model-based check may take, shrinking included, before it stops and reports what it has.',
    example: '60000',
  },
  {
    env: 'GROUP_CONTACTS',
    flag: 'group-contacts',
    help: 'Declares what PUT /v1/groups/:id with contacts does, which the spec leaves open: replace (the list replaces the members) or merge (it adds to them). Unset: only that added members are present is checked.',
    example: 'replace',
  },
  {
    env: 'CONVENTIONS',
    flag: 'conventions',
    help: 'Comma-separated ids of convention checks your server declares it follows (such as conversations.retrieve.unknown-id-404); their failures then gate like spec failures.',
    example: 'conversations.retrieve.unknown-id-404,groups.retrieve.unknown-id-404',
  },
  {
    env: 'READ_ONLY',
    flag: 'read-only',
    help: 'true: run only the checks that send nothing but GETs (shapes, lists and filters over the data already there, auth rejections), for targets where writing is not allowed. The client then refuses to send anything else.',
    example: 'false',
    boolean: true,
  },
  {
    env: 'STRICT',
    flag: 'strict',
    help: 'true: every convention check gates (exit 1 on failure), not only the declared ones.',
    example: 'false',
    boolean: true,
  },
  {
    env: 'REPORTS_DIR',
    flag: 'reports-dir',
    help: 'Where the reports (conformance.json, junit.xml) are written.',
    example: 'reports',
  },
] as const satisfies readonly SettingSpec[];

export type SettingName = (typeof settings)[number]['env'];
