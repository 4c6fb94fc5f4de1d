// The server profile is the one register of what the spec leaves open: every entry rests on a
// sentence of the spec, its predicates accept every reading it lists, and no check writes a status
// range or an equality of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { newObjectReasons } from '../../../lib/api/new-objects.ts';
import { profileEntries, type ProfileKey } from '../../../lib/api/open-points.ts';
import {
  everyReading as profile,
  predicateEntries,
  predicatesOf,
  serverProfile,
} from '../../../lib/core/profile/server-profile.ts';
import { declaredReadings, profileSettings } from '../../../lib/core/config/profile-settings.ts';
import { extractUnits } from '../../../conformance/requirements/extract.ts';
import { readSpecText } from '../../../conformance/requirements/sources.ts';
import { loadRegistry, type CheckRegistry } from '../../../conformance/registry.ts';
import { checksAssuming, renderAssumptionsList } from '../../../tools/docs/assumptions-list.ts';
import { runCli } from '../../helpers/run-cli.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('the register of open points', () => {
  const units = extractUnits(readSpecText());

  it('cites, for every entry, a sentence of the spec verbatim and in its section', () => {
    for (const entry of profileEntries) {
      const inSection = units
        .filter((unit) => unit.section === entry.section)
        .map((unit) => unit.text)
        .join('\n');
      expect(inSection, `${entry.key} cites ${entry.section}`).toContain(entry.sentence);
    }
  });

  it('has unique keys, and a row of entries for every predicate of the profile, each naming entries of the register', () => {
    const keys = profileEntries.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    // (The compiler holds the rows to the register and the profile; this holds them at run time too.)
    const predicates = Object.keys(profile).filter(
      (name) => typeof (profile as unknown as Record<string, unknown>)[name] === 'function',
    );
    expect(Object.keys(predicateEntries).sort()).toEqual(predicates.sort());
    for (const [name, entries] of Object.entries(predicateEntries))
      if (entries !== 'named') for (const key of entries) expect(keys, name).toContain(key);
    expect(predicatesOf('delete-of-nothing')).toEqual(['isDeleteOfNothingAnswer', 'describeDeleteOfNothing', 'allows']);
    expect(predicatesOf('auth-challenge')).toEqual(['conventionApplies', 'followsConvention']);
  });

  it('is what docs/assumptions.md shows, with the checks that assume each entry (npm run docs)', async () => {
    expect(readFileSync(join(root, 'docs/assumptions.md'), 'utf8')).toBe(renderAssumptionsList(await loadRegistry()));
  });
});

describe('the predicates accept every reasonable answer', () => {
  const answer = (status: number, contentType: string | undefined, text: string, jsonError?: string) => ({
    status,
    text,
    headers: (contentType ? { 'content-type': contentType } : {}) as Record<string, string>,
    ...(jsonError ? { jsonError } : {}),
  });

  it('a refusal with a plain-text, HTML or empty body is no defect; one declared JSON that does not parse is', () => {
    expect(profile.errorBodyProblem(answer(404, 'text/plain', 'Not Found', 'Unexpected token'))).toBeUndefined();
    expect(profile.errorBodyProblem(answer(400, undefined, '', undefined))).toBeUndefined();
    expect(
      profile.errorBodyProblem(answer(422, 'text/html; charset=utf-8', '<h1>no</h1>', 'Unexpected token')),
    ).toBeUndefined();
    expect(
      profile.errorBodyProblem(answer(400, 'application/json; charset=utf-8', '{"error":', 'Unexpected end')),
    ).toMatch(/declared as application\/json that is not JSON/);
    expect(profile.errorBodyProblem(answer(400, 'application/problem+json', '{oops', 'Unexpected token'))).toMatch(
      /not JSON/,
    );
  });

  it('an empty text sent may come back empty or null; anything else as sent', () => {
    expect(profile.storedAsSent('', '')).toBe(true);
    expect(profile.storedAsSent('', null)).toBe(true);
    expect(profile.storedAsSent('x', null)).toBe(false);
    expect(profile.storedAsSent(null, '')).toBe(false);
    expect(profile.storedAsSent([{ username: 'a' }], [{ username: 'a' }])).toBe(true);
  });

  it('statuses: any 2xx succeeds, any 4xx refuses, credentials included (§7 names no status); 401 only by convention', () => {
    expect([200, 201, 202, 204, 299].every(profile.isSuccess)).toBe(true);
    expect([199, 300, 404, 500].some(profile.isSuccess)).toBe(false);
    expect([400, 404, 409, 410, 422, 499].every(profile.isRefusal)).toBe(true);
    expect([400, 401, 403, 404, 499].every(profile.isAuthRefusal)).toBe(true);
    expect([200, 302, 500].some(profile.isAuthRefusal)).toBe(false);
    expect([profile.isUnauthorized(401), profile.isUnauthorized(403)]).toEqual([true, false]);
    expect([400, 404, 410, 422].every(profile.isUnknownIdAnswer)).toBe(true);
  });

  it('headers: a convention asks its header of its status (a 401 a challenge); a method the API does not have gets anything but a 5xx', () => {
    expect([
      profile.conventionApplies('auth-challenge', 401),
      profile.conventionApplies('auth-challenge', 403),
    ]).toEqual([true, false]);
    expect(profile.followsConvention('auth-challenge', { headers: { 'www-authenticate': 'Bearer' } })).toBe(true);
    expect(profile.followsConvention('auth-challenge', { headers: { 'www-authenticate': ' ' } })).toBe(false);
    expect(profile.followsConvention('auth-challenge', { headers: {} })).toBe(false);
    expect([200, 204, 308, 404, 405].every((status) => profile.isOtherMethodAnswer(status, 'GET'))).toBe(true);
    expect([500, 501, 199].some((status) => profile.isOtherMethodAnswer(status, 'GET'))).toBe(false);
    // RFC 9110 §15.6.2: 501 for a method not supported for any resource; the API has POST, PUT and DELETE.
    expect(['HEAD', 'OPTIONS', 'PATCH'].every((method) => profile.isOtherMethodAnswer(501, method))).toBe(true);
    expect(['POST', 'PUT', 'DELETE'].some((method) => profile.isOtherMethodAnswer(501, method))).toBe(false);
    expect(['HEAD', 'PATCH'].some((method) => profile.isOtherMethodAnswer(500, method))).toBe(false);
  });

  it('a text may come back as sent or normalised (trimmed, white space collapsed, NFC, NFKC), nothing else', () => {
    expect(profile.storedAsSent('  a \t b ', 'a b')).toBe(true);
    expect(profile.storedAsSent('e\u0301', '\u00e9')).toBe(true);
    expect(profile.storedAsSent('ﬁ', 'fi')).toBe(true);
    expect(profile.storedAsSent(' x ', 'x ')).toBe(false);
    expect(profile.storedAsSent('ab', 'a')).toBe(false);
    expect(profile.storedAsSent('a b', 'a  b')).toBe(false);
  });
});

describe('a declared reading narrows the profile to it', () => {
  const answer = (status: number, contentType: string | undefined, text: string, jsonError?: string) => ({
    status,
    text,
    headers: (contentType ? { 'content-type': contentType } : {}) as Record<string, string>,
    ...(jsonError ? { jsonError } : {}),
  });
  const parsed = (env: string, raw: string) => {
    const option = Object.values(profileSettings).find((candidate) => candidate.env === env)!;
    return option.parse([raw], env);
  };
  const declared = (settings: Record<string, string>) => {
    const values: Record<string, unknown> = {};
    for (const [env, raw] of Object.entries(settings)) {
      const key = Object.entries(profileSettings).find(([, option]) => option.env === env)![0];
      const result = parsed(env, raw);
      if (!result.ok) throw new Error(result.problem);
      values[key] = result.value;
    }
    return declaredReadings(values);
  };

  it('has a setting for every entry with more than one reading or a status range', () => {
    const narrowable = profileEntries.filter(
      (entry) => Object.keys(entry.readings).length > 1 || /^[245]xx$/.test(Object.keys(entry.readings)[0]!),
    );
    expect(
      narrowable.filter((entry) => !('setting' in entry) && !('noSetting' in entry)).map((entry) => entry.key),
    ).toEqual([]);
  });

  it('a DELETE of an id that names nothing: both readings undeclared, one when DELETE_OF_NOTHING is declared, with the statuses of each', () => {
    // Detached, as checks hand predicates to expectAnswer.
    const { isDeleteOfNothingAnswer: either } = serverProfile();
    expect([either(404), either(410), either(204), either(200), either(500), either(302)]).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    const refused = serverProfile(declared({ DELETE_OF_NOTHING: 'refused', UNKNOWN_ID_STATUS: '404' }));
    expect([
      refused.isDeleteOfNothingAnswer(404),
      refused.isDeleteOfNothingAnswer(410),
      refused.isDeleteOfNothingAnswer(204),
    ]).toEqual([true, false, false]);
    const success = serverProfile(declared({ DELETE_OF_NOTHING: 'success', DELETE_STATUS: '204' }));
    expect([
      success.isDeleteOfNothingAnswer(204),
      success.isDeleteOfNothingAnswer(200),
      success.isDeleteOfNothingAnswer(404),
    ]).toEqual([true, false, false]);
    expect(success.describeDeleteOfNothing()).toBe(
      '204 (as declared) (as a DELETE that removed something), as DELETE_OF_NOTHING=success declares',
    );
  });

  it("another user's id may get an unknown id's answer unless both statuses are declared and differ", () => {
    expect(serverProfile().foreignIdsAnswerAsUnknown()).toBe(true);
    expect(serverProfile(declared({ FOREIGN_ID_STATUS: '404' })).foreignIdsAnswerAsUnknown()).toBe(true);
    expect(
      serverProfile(
        declared({ FOREIGN_ID_STATUS: '404,410', UNKNOWN_ID_STATUS: '410,404' }),
      ).foreignIdsAnswerAsUnknown(),
    ).toBe(true);
    expect(
      serverProfile(declared({ FOREIGN_ID_STATUS: '403', UNKNOWN_ID_STATUS: '404' })).foreignIdsAnswerAsUnknown(),
    ).toBe(false);
  });

  it('statuses: only the declared ones are accepted, each within its range', () => {
    const narrowed = serverProfile(
      declared({
        UNKNOWN_ID_STATUS: '404,410',
        REFUSAL_STATUS: '422',
        DELETE_STATUS: '204',
        AUTH_REFUSAL_STATUS: '401',
      }),
    );
    expect([404, 410].every(narrowed.isUnknownIdAnswer)).toBe(true);
    expect([400, 422].some(narrowed.isUnknownIdAnswer)).toBe(false);
    expect(narrowed.isRefusal(422) && !narrowed.isRefusal(400)).toBe(true);
    expect(narrowed.isDeleteSuccess(204) && !narrowed.isDeleteSuccess(200)).toBe(true);
    expect(narrowed.isAuthRefusal(401) && !narrowed.isAuthRefusal(403)).toBe(true);
    // What was not declared keeps every reading.
    expect(narrowed.isForeignIdAnswer(403) && narrowed.isForeignIdAnswer(404) && narrowed.isSuccess(201)).toBe(true);
    expect(narrowed.describe('unknown-id-status')).toBe('404 or 410 (as declared)');
    expect(parsed('UNKNOWN_ID_STATUS', '200')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/within 400-499/),
    });
    expect(parsed('AUTH_REFUSAL_STATUS', '302')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/within 400-499/),
    });
    expect(parsed('DELETE_STATUS', '2O4')).toMatchObject({ ok: false });
  });

  it('readings: EMPTY_TEXT, ERROR_BODY and the entries of several readings accept only the declared one', () => {
    const kept = serverProfile(declared({ EMPTY_TEXT: 'kept' }));
    expect(kept.storedAsSent('', '') && !kept.storedAsSent('', null)).toBe(true);
    const exact = serverProfile(declared({ TEXT_STORAGE: 'exact', GROUP_DELETE_CONVERSATION: 'removed' }));
    expect([
      exact.storedAsSent(' a', 'a'),
      exact.storedAsSent('a', 'a'),
      serverProfile(declared({ TEXT_STORAGE: 'normalised' })).storedAsSent(' a', 'a'),
    ]).toEqual([false, true, true]);
    expect([
      exact.allows('group-delete-conversation', 'removed'),
      exact.allows('group-delete-conversation', 'kept'),
    ]).toEqual([true, false]);
    const asNull = serverProfile(declared({ EMPTY_TEXT: 'null' }));
    expect(asNull.storedAsSent('', null) && !asNull.storedAsSent('', '')).toBe(true);
    const json = serverProfile(declared({ ERROR_BODY: 'json' }));
    expect(json.errorBodyProblem(answer(404, 'text/plain', 'Not Found', 'Unexpected token'))).toMatch(
      /ERROR_BODY=json/,
    );
    expect(json.errorBodyProblem(answer(404, 'application/json', '', undefined))).toMatch(/no body/);
    expect(json.errorBodyProblem(answer(404, 'application/json', '{"error":{"message":"no"}}'))).toBeUndefined();
    const existing = serverProfile(declared({ GROUP_CONVERSATION_CREATE: 'existing', LARGEST_LIMIT: 'refused' }));
    expect(
      existing.allows('group-conversation-create', 'existing') &&
        !existing.allows('group-conversation-create', 'refused'),
    ).toBe(true);
    expect(existing.allows('largest-limit', 'clamped')).toBe(false);
    expect(everyReadingAllows()).toBe(true);
    expect(parsed('EMPTY_TEXT', 'empty')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/one of kept, null/),
    });
  });

  const everyReadingAllows = () =>
    (['existing', 'new', 'refused'] as const).every((reading) => profile.allows('group-conversation-create', reading));

  it('hears which entries a check consulted', () => {
    const heard = new Set<string>();
    const listening = serverProfile({}, (entry) => heard.add(entry));
    listening.isUnknownIdAnswer(404);
    listening.storedAsSent('', null);
    listening.storedAsSent('x', 'x');
    listening.storedAsSent(' x', 'x');
    expect([...heard]).toEqual(['unknown-id-status', 'empty-text', 'text-storage']);
  });
});

describe('checks ask the profile', () => {
  // Where a verdict is made (the checks, the shared behaviours, the fixtures, the generated suites,
  // the matrix) and where an answer decides what the run does next (the client's retries, cleanup,
  // the sweep, the snapshot, the load harness's seeding): all of them read statuses through the profile.
  const roots = [
    'suites',
    'harness/behaviours',
    'harness/checks',
    'harness/properties',
    'conformance/matrix',
    'lib/core/client',
    'lib/core/safety',
    'load',
  ];
  const files = roots.flatMap((dir) =>
    (readdirSync(join(root, dir), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join(dir, file)),
  );
  const offences = (pattern: RegExp) =>
    files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          pattern.test(line) && !line.trim().startsWith('//') ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );

  it('never compares a status by hand (a status range or a status number)', () => {
    // (A comparison with a quoted word is not a status code: Promise.allSettled's 'rejected'.)
    expect(
      offences(
        /\.status\s*(?:[<>]=?|[!=]==?)(?!=)\s*[^\s'"=]|(?<!=)(?:[<>]=?|[!=]==?)\s*\w+\.status\b|\[\s*[1-5]\d\d\s*(?:,\s*[1-5]\d\d\s*)*\]/,
      ),
    ).toEqual([]);
  });

  it('never compares values by a deep equality of its own (fieldDifferences and expectField go through storedAsSent)', () => {
    // The matrix alone compares the reference server's own foreign records exactly: they must come
    // out of a run byte for byte as they went in, which is no reading of the spec.
    const ofChecks = (offence: string) => !offence.startsWith(join('conformance/matrix', 'foreign-data.ts'));
    expect(offences(/isDeepStrictEqual|JSON\.stringify\([^)]*\)\s*[!=]==/).filter(ofChecks)).toEqual([]);
  });

  it("judges with the profile of the run (context.profile), never with everyReading, outside the engine's premises and page walks", () => {
    // everyReading is for what must work whatever the server chose: cleanup, the snapshot, load
    // seeding, a premise (fixtures.ts: its own check judges the status) and the page walk's steps back.
    const judging = files.filter((file) => /^(suites|harness\/(behaviours|properties))\//.test(file));
    expect(judging.filter((file) => readFileSync(join(root, file), 'utf8').includes('everyReading'))).toEqual([]);
    expect(judging.length).toBeGreaterThan(20);
  });

  it('would see an offence: the lint catches a status range written by hand', () => {
    const pattern = /\.status\s*(?:[<>]=?|[!=]==?)/;
    expect(pattern.test('if (response.status >= 400) return;')).toBe(true);
    expect(pattern.test('if (isRefusal(response.status)) return;')).toBe(false);
  });
});

describe('every comparison cites what it rests on', () => {
  // The assertions that say what was expected (harness/checks/expect.ts) carry, in the
  // call's own text, a sentence of the spec (§…, a resource's section), an entry of the profile
  // ("profile: …", profile.describe, profile.describeDeleteOfNothing), a schema, a reason handed in by the caller (why, …Rule), or
  // the sentence of a new object's default (newObjectReasons, each of which cites one: below).
  const asserting = new Set(['expectThat', 'expectField', 'expectFields', 'expectSameText', 'expectAnswer']);
  const cites =
    /§|profile: |\bschemas\/|\bsection\b|\$\{(?:why|[a-zA-Z]*Rule)\}|[ (]why[,)]|[ (][a-zA-Z]*Rule[,)]|profile\.describe(?:DeleteOfNothing)?\(|newObjectReasons\[/;
  const uncited = (file: string, text: string): string[] => {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        asserting.has(node.expression.text) &&
        !cites.test(node.getText(source))
      ) {
        found.push(
          `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText(source).replace(/\s+/g, ' ').slice(0, 140)}`,
        );
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  };
  const roots = ['suites', 'harness/behaviours', 'harness/properties', 'harness/checks'];

  it('in the suites, the behaviours, the properties and the fixtures', () => {
    const files = roots.flatMap((dir) =>
      (readdirSync(join(root, dir), { recursive: true }) as string[])
        .filter((file) => file.endsWith('.ts'))
        .map((file) => join(dir, file)),
    );
    const calls = files.flatMap((file) => uncited(file, readFileSync(join(root, file), 'utf8')));
    expect(calls).toEqual([]);
  });

  it('the sentences of the new-object defaults each cite a section', () => {
    expect(Object.entries(newObjectReasons).filter(([, why]) => !why.startsWith('§'))).toEqual([]);
  });

  it('would see an offence: a comparison that names no sentence', () => {
    expect(uncited('x.ts', "expectThat(a === b, response, 'the same object', 'another');")).toHaveLength(1);
    expect(uncited('x.ts', "expectThat(a === b, response, '§4.1: the same object', 'another');")).toHaveLength(0);
  });
});

describe('every tolerance names the entry of the register it rests on', () => {
  // A tolerance is where a check takes an answer beside the one it looks for: a refusal, an id that
  // names nothing, a body it does not take. Each must name its entry ("profile: <entry>", or
  // profile.allows('<entry>', …)) where it is taken, so that a reader of the check sees which entry
  // (and its check's `assumes` names it); and every entry a tolerance names exists.
  const keys = new Set<string>(profileEntries.map((entry) => entry.key));
  const roots = ['suites', 'harness/behaviours', 'harness/properties', 'harness/checks'];
  const files = roots.flatMap((dir) =>
    (readdirSync(join(root, dir), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join(dir, file)),
  );
  const texts = new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));

  /** "profile: <entry>[, <entry>][, reading x]": the first name, and each further hyphenated one, must be entries. */
  const unknownEntries = (file: string, text: string): string[] =>
    [...text.matchAll(/profile: ([a-z][a-z0-9-]*)((?:, [a-z][a-z0-9-]*)*)/g)].flatMap((match) => {
      const named = [match[1]!, ...match[2]!.split(', ').filter((name) => /^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(name))];
      return named
        .filter((name) => !keys.has(name))
        .map((name) => `${file}: "${match[0]}" names ${name}, which is no entry of lib/api/open-points.ts`);
    });

  const refusalPredicate =
    /\b(?:isRefusal|isBodyRefusal|isTooLarge|isUnknownIdAnswer|isForeignIdAnswer|isAuthRefusal)\(/;
  const exits = (statement: ts.Statement): boolean =>
    ts.isReturnStatement(statement) ||
    ts.isContinueStatement(statement) ||
    (ts.isExpressionStatement(statement) && /\.skip\(/.test(statement.expression.getText())) ||
    (ts.isBlock(statement) && statement.statements.some(exits));
  /** The ifs that leave early on a refusal-like answer, without the entry they rest on in them or in the comment above. */
  const uncitedTolerances = (file: string, text: string): string[] => {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isIfStatement(node) &&
        refusalPredicate.test(node.expression.getText(source)) &&
        exits(node.thenStatement)
      ) {
        const above = (ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [])
          .map((range) => text.slice(range.pos, range.end))
          .join('\n');
        // The steps of setResetSame carry their own reason (mayRefuse), each citing its entry (below).
        if (!/profile: [a-z]|\ballows\('|\bmayRefuse\b/.test(`${above}\n${node.getText(source)}`)) {
          found.push(
            `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText(source).replace(/\s+/g, ' ').slice(0, 140)}`,
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  };
  /** A step's reason to accept a refusal names its entry. */
  const uncitedMayRefuse = (file: string, text: string): string[] =>
    [...text.matchAll(/mayRefuse: ('[^']*'|`[^`]*`)/g)]
      .filter((match) => !/profile: [a-z]/.test(match[1]!))
      .map((match) => `${file}: ${match[0]}`);

  it('every "profile: <entry>" a check or the harness writes names an entry of the register', () => {
    expect([...texts].flatMap(([file, text]) => unknownEntries(file, text))).toEqual([]);
  });

  it('every early return, continue or skip on a refusal, an unknown id or a body not taken names its entry', () => {
    expect(
      [...texts].flatMap(([file, text]) => [...uncitedTolerances(file, text), ...uncitedMayRefuse(file, text)]),
    ).toEqual([]);
  });

  it('would see an offence: a tolerance without an entry, and an entry the register lacks', () => {
    const tolerant = (comment: string) => `${comment}\nif (context.profile.isRefusal(response.status)) continue;`;
    expect(uncitedTolerances('x.ts', tolerant('// §2.2 leaves text limits open.'))).toHaveLength(1);
    expect(uncitedTolerances('x.ts', tolerant('// §2.2 leaves text limits open (profile: input-rules).'))).toHaveLength(
      0,
    );
    expect(
      uncitedTolerances('x.ts', "if (context.profile.isRefusal(response.status)) { context.skip('refused'); }"),
    ).toHaveLength(1);
    expect(uncitedMayRefuse('x.ts', "{ mayRefuse: '§3: not shown' }")).toHaveLength(1);
    expect(unknownEntries('x.ts', '// a reading (profile: no-such-entry, reading kept)')).toHaveLength(1);
    expect(unknownEntries('x.ts', '// a reading (profile: empty-text, reading kept)')).toHaveLength(0);
  });
});

/** What a run's conformance.json says of each check: the entries its verdict consulted. */
interface RanCheck {
  id: string;
  consulted?: string[];
}

/** The entries every check rests on (the client, the schemas): no check names them. */
const everyCheck = new Set<string>(profileEntries.filter((entry) => 'everyCheck' in entry).map((entry) => entry.key));

/** "<check> consulted <entry>, which its assumes does not name", for each such pair of a run. */
function undeclaredConsultations(ran: readonly RanCheck[], registry: CheckRegistry): string[] {
  return ran.flatMap((check) => {
    const assumes = new Set<string>(registry.get(check.id).assumes);
    return (check.consulted ?? [])
      .filter((entry) => !assumes.has(entry) && !everyCheck.has(entry))
      .map((entry) => `${check.id} consulted ${entry}, which its assumes does not name`);
  });
}

describe('every check declares the entries it rests on (assumes)', () => {
  let registry: CheckRegistry;
  beforeAll(async () => {
    registry = await loadRegistry();
  });

  it('names each entry once, and none that every check or no check rests on', () => {
    const wrong = registry.checks.flatMap((check) => [
      ...(new Set(check.assumes).size === check.assumes.length ? [] : [`${check.id} names an entry twice`]),
      ...check.assumes
        .filter((key) => everyCheck.has(key))
        .map((key) => `${check.id} names ${key}, which every check rests on`),
      ...check.assumes
        .filter((key) => profileEntries.some((entry) => entry.key === key && 'noCheck' in entry))
        .map((key) => `${check.id} names ${key}, which the register says no check rests on`),
    ]);
    expect(wrong).toEqual([]);
  });

  it('every entry is assumed by some check, unless the register says every check or no check rests on it', () => {
    const assuming = checksAssuming(registry);
    const unassumed = profileEntries.filter(
      (entry) => !('everyCheck' in entry) && !('noCheck' in entry) && (assuming.get(entry.key) ?? []).length === 0,
    );
    expect(unassumed.map((entry) => entry.key)).toEqual([]);
  });

  it("a convention's checks are convention checks that assume it", () => {
    for (const entry of profileEntries) {
      if (!('setting' in entry) || entry.setting.kind !== 'convention') continue;
      for (const id of entry.setting.checks)
        expect(registry.get(id), `${entry.key}: ${id}`).toMatchObject({
          level: 'convention',
          assumes: expect.arrayContaining([entry.key]),
        });
    }
  });

  describe('in a run', () => {
    const newDir = tempDirs('msgapi-assumes-', 'all');
    let ran: RanCheck[];
    beforeAll(async () => {
      // The embedded reference server, every check, seed 1: what each check consulted is in the report.
      const dir = newDir();
      const result = await runCli(['check', '--embedded', '--seed', '1', '--reports-dir', dir], {}, dir);
      expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
      ran = (JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as { checks: RanCheck[] }).checks;
    });

    it('every entry a check consulted is one its assumes names (or one every check rests on)', () => {
      expect(ran.length).toBe(registry.checks.length);
      expect(ran.filter((check) => (check.consulted ?? []).length > 0).length).toBeGreaterThan(
        registry.checks.length / 2,
      );
      expect(undeclaredConsultations(ran, registry)).toEqual([]);
    });
  });

  it('would see an offence: a check that consulted an entry it does not name', () => {
    const id = registry.checks.find((check) => !check.assumes.includes('group-contacts' as ProfileKey))!.id;
    expect(undeclaredConsultations([{ id, consulted: ['group-contacts'] }], registry)).toEqual([
      `${id} consulted group-contacts, which its assumes does not name`,
    ]);
    expect(undeclaredConsultations([{ id, consulted: ['response-media-type'] }], registry)).toEqual([]);
  });
});
