// The server profile is the one register of what the spec leaves open: every entry rests on a
// sentence of the spec, its predicates accept every reading it lists, and no check writes a status
// range or an equality of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { profileEntries } from '../src/api/open-points.ts';
import * as profile from '../src/core/profile/server-profile.ts';
import { extractUnits } from '../src/conformance/requirements/extract.ts';
import { readSpecText } from '../src/conformance/requirements/sources.ts';
import { loadRegistry } from '../src/conformance/registry.ts';
import { renderAssumptionsList } from '../src/docs/assumptions-list.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the register of open points', () => {
  const units = extractUnits(readSpecText());

  it('cites, for every entry, a sentence of the spec verbatim and in its section', () => {
    for (const entry of profileEntries) {
      const inSection = units.filter((unit) => unit.section === entry.section).map((unit) => unit.text).join('\n');
      expect(inSection, `${entry.key} cites ${entry.section}`).toContain(entry.sentence);
    }
  });

  it('has unique keys, and every predicate names an entry', () => {
    const keys = profileEntries.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, key] of Object.entries(profile.predicateEntries)) {
      expect(keys, name).toContain(key);
      expect(typeof (profile as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it('is what docs/assumptions.md shows, with the checks that rest on each entry (npm run docs)', async () => {
    expect(readFileSync(join(root, 'docs/assumptions.md'), 'utf8')).toBe(renderAssumptionsList(await loadRegistry()));
  });
});

describe('the predicates accept every reasonable answer', () => {
  const answer = (status: number, contentType: string | undefined, text: string, jsonError?: string) => ({
    status, text, headers: (contentType ? { 'content-type': contentType } : {}) as Record<string, string>, ...(jsonError ? { jsonError } : {}),
  });

  it('a refusal with a plain-text, HTML or empty body is no defect; one declared JSON that does not parse is', () => {
    expect(profile.errorBodyProblem(answer(404, 'text/plain', 'Not Found', 'Unexpected token'))).toBeUndefined();
    expect(profile.errorBodyProblem(answer(400, undefined, '', undefined))).toBeUndefined();
    expect(profile.errorBodyProblem(answer(422, 'text/html; charset=utf-8', '<h1>no</h1>', 'Unexpected token'))).toBeUndefined();
    expect(profile.errorBodyProblem(answer(400, 'application/json; charset=utf-8', '{"error":', 'Unexpected end'))).toMatch(/declared as application\/json that is not JSON/);
    expect(profile.errorBodyProblem(answer(400, 'application/problem+json', '{oops', 'Unexpected token'))).toMatch(/not JSON/);
  });

  it('an empty text sent may come back empty or null; anything else as sent', () => {
    expect(profile.storedAsSent('', '')).toBe(true);
    expect(profile.storedAsSent('', null)).toBe(true);
    expect(profile.storedAsSent('x', null)).toBe(false);
    expect(profile.storedAsSent(null, '')).toBe(false);
    expect(profile.storedAsSent([{ username: 'a' }], [{ username: 'a' }])).toBe(true);
  });

  it('statuses: any 2xx succeeds, any 4xx refuses, 401 or 403 refuse credentials', () => {
    expect([200, 201, 202, 204, 299].every(profile.isSuccess)).toBe(true);
    expect([199, 300, 404, 500].some(profile.isSuccess)).toBe(false);
    expect([400, 404, 409, 410, 422, 499].every(profile.isRefusal)).toBe(true);
    expect([401, 403].every(profile.isAuthRefusal)).toBe(true);
    expect([400, 404].some(profile.isAuthRefusal)).toBe(false);
    expect([400, 404, 410, 422].every(profile.isUnknownIdAnswer)).toBe(true);
  });
});

describe('checks ask the profile', () => {
  // Where a verdict is made (the checks, the shared behaviours, the fixtures, the generated suites,
  // the matrix) and where an answer decides what the run does next (the client's retries, cleanup,
  // the sweep, the snapshot, the load harness's seeding): all of them read statuses through the profile.
  const roots = [
    'suites', 'src/conformance/behaviours', 'src/conformance/checks', 'src/conformance/properties', 'src/conformance/matrix',
    'src/core/client', 'src/core/safety', 'load',
  ];
  const files = roots.flatMap((dir) =>
    (readdirSync(join(root, dir), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.startsWith('bench/'))
      .map((file) => join(dir, file)),
  );
  const offences = (pattern: RegExp) =>
    files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8').split('\n').flatMap((line, index) => (pattern.test(line) && !line.trim().startsWith('//') ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );

  it('never compares a status by hand (a status range or a status number)', () => {
    // (A comparison with a quoted word is not a status code: Promise.allSettled's 'rejected'.)
    expect(offences(/\.status\s*(?:[<>]=?|[!=]==?)(?!=)\s*[^\s'"=]|(?<!=)(?:[<>]=?|[!=]==?)\s*\w+\.status\b|\[\s*[1-5]\d\d\s*(?:,\s*[1-5]\d\d\s*)*\]/)).toEqual([]);
  });

  it('never compares values by a deep equality of its own (fieldDifferences and expectField go through storedAsSent)', () => {
    // The matrix alone compares the reference server's own foreign records exactly: they must come
    // out of a run byte for byte as they went in, which is no reading of the spec.
    const ofChecks = (offence: string) => !offence.startsWith(join('src/conformance/matrix', 'foreign-data.ts'));
    expect(offences(/isDeepStrictEqual|JSON\.stringify\([^)]*\)\s*[!=]==/).filter(ofChecks)).toEqual([]);
  });

  it('would see an offence: the lint catches a status range written by hand', () => {
    const pattern = /\.status\s*(?:[<>]=?|[!=]==?)/;
    expect(pattern.test('if (response.status >= 400) return;')).toBe(true);
    expect(pattern.test('if (isRefusal(response.status)) return;')).toBe(false);
  });
});
