// Every command's --help, apart from the command's code: the text is made from the option tables
// alone, so that `msgapi <command> --help` loads neither vitest nor undici nor the reference server.
import { renderHelp } from './help.ts';
import type { CommandName } from './options/index.ts';

export const checkHelp = renderHelp('check', {
  usage: 'Usage: msgapi check [options]',
  intro: `Runs the conformance suites against the server at BASE_URL, or against the embedded reference
server with --embedded (also without it when no BASE_URL and no token is given, outside CI).
Every setting can come from .env, the environment or a flag (flags win).`,
  outro: `Everything the run creates is recorded in a ledger file as it is made and deleted afterwards,
also after Ctrl-C (a second Ctrl-C leaves at once; then run 'msgapi cleanup').`,
});

export const cleanupHelp = renderHelp('cleanup', {
  usage:
    'Usage: msgapi cleanup [--ledger FILE ...] [options]\n       msgapi cleanup --marker RUN_ID [--dry-run] [options]',
  intro: `Deletes what earlier runs against BASE_URL created and left behind, as their ledger files list it
(REPORTS_DIR/ledger-<run id>.jsonl, kept when a run could not delete everything or was stopped at once).
Every deletion is verified with a retrieve; a ledger file is removed once nothing it lists is left.

With --marker RUN_ID it needs no ledger: it deletes the groups whose name, and the conversations
whose contact_id, carry that run's marker (msgapiRUN_ID…, or msgapi-RUN_ID-… and msgapi-conformance
RUN_ID … as earlier versions wrote it), and the conversations of those groups (a conversation has no name of its own to carry it). Each is
retrieved first and counts only when its retrieve shows the marker (or the marked group); nothing
else is touched. This removes what a replay script or a pasted create's curl left.`,
});

export const compareHelp = renderHelp('compare', {
  usage: 'Usage: msgapi compare REPORT.json REPORT.json ... [options]',
  intro: `Prints a grid of checks against runs — several server implementations side by side, or one server
before and after a change — from their conformance.json reports, with the checks whose result
differs marked *. Also writes the grid into index.html in REPORTS_DIR.`,
});

export const expectationsHelp = renderHelp('expectations', {
  usage: 'Usage: msgapi expectations --write FILE [--from REPORT]',
  intro: `Writes the checks that failed (or were flaky) or were blocked (a premise they needed failed,
which fails a run too) in a conformance report to FILE as known failures:
{"failures": {"<check id>": "<reason>"}}. Edit each reason to say why (a bug, a decision), commit
the file, and run 'msgapi check --expectations FILE': the run then fails only on a new failure or
block, or on a known one that now passes.

Seeds: a generated check (properties.*, model.*) finds a failure only when the seed draws inputs
that reach it, so its entry also records what failed: {"reason": "...", "failure": "Expected: ..."}.
With any seed, a failure of that check whose message holds that text is the known one (any other is
new), and a seed that finds nothing is a notice, not a failure. If another generated check finds the
same cause with another seed, add its entry too: run this again with --from that run's report (what
FILE already lists is kept as edited; only new failures are added).`,
});

export const loadHelp = renderHelp('load', {
  usage: `Usage: msgapi load [options]
       msgapi load merge REPORT.json REPORT.json ... [options]   (see msgapi load merge --help)
       msgapi load export artillery|k6 [options]                   (see msgapi load export --help)
       msgapi load import artillery|k6 FILE ... [options]          (see msgapi load import --help)`,
  intro: `Measures the list endpoints of the server at BASE_URL (or, with --embedded, of the embedded
reference server, in a process of its own; also without it when no BASE_URL and no token is
given, outside CI): first seeds a data set (removed again afterwards, also after Ctrl-C), then
for each scenario a closed model (throughput: our own HTTP/1.1 loop, or autocannon with
--generator autocannon; pipelining 1, after a warm-up that is not counted) and an open model (latency at a fixed offered rate, measured from each request's due
time; --stages ramps that rate, --duration 2h makes a soak run). Writes load.json and load.html in
REPORTS_DIR, each with the run second by second, and prints a summary table. The generators send
--header's headers and use --ca, --cert, --key and --insecure, as every other request does.

Gates: a --threshold, --baseline or --ab that fails fails the run (exit 1); so does any error or
non-2xx response.`,
  outro: `On two shared cores, generator and server compete: a figure taken while the generator used a full
core and the server did not is flagged "generator-bound", not reported as the server's; so is one
taken while the generator's event loop ran 50 ms late or more (a busy machine). The report notes
it; --strict fails the run on it.`,
});

export const loadMergeHelp = renderHelp('load merge', {
  usage: 'Usage: msgapi load merge REPORT.json REPORT.json ... [options]',
  intro: `Adds up the load.json reports of several generators (--as concurrent) or of runs one after
another (--as repeated): histograms are added count by count and percentiles read off the sum.
Writes the merged load.json, load.html beside it, and prints the summary table.`,
});

export const loadExportHelp = renderHelp('load export', {
  usage: 'Usage: msgapi load export artillery|k6 [options]',
  intro: `Writes our load scenarios as a ready script for another engine, for load beyond one machine:
Artillery 2.0.21 (the last version that runs on Node 20; run, run-fargate, run-lambda) or k6
(k6 run, k6-operator). Each scenario is the exact request msgapi load sends; the script reads the
token from ACCESS_TOKEN where it runs and never holds it, and stops before any request when it is
not set (k6's setup(), Artillery's before section). Both fail their exit code as msgapi load
fails a run: on any request without a 2xx (k6: http_req_failed rate==0, checks rate==1). Beside
the script: msgapi-export.json, which msgapi load import reads back.

Seeding stays ours: run 'msgapi load --seed-only' against the target first (it writes
REPORTS_DIR/load-seed.json, which gives the target and a group to filter by), and 'msgapi cleanup
--ledger FILE' afterwards.`,
});

export const loadImportHelp = renderHelp('load import', {
  usage:
    'Usage: msgapi load import artillery REPORT.json ... [options]\n       msgapi load import k6 OUTPUT.ndjson[.gz] ... [options]',
  intro: `Takes another engine's results back: one file per runner (added up, as runners run at the same
time), one HDR histogram per scenario, the same verdict rules as msgapi load (any error or non-2xx
fails; thresholds; --baseline). Writes load.json, load.html and index.html, so that 'msgapi load
merge' and later baselines work on it unchanged. An output whose counts do not add up is refused.`,
});

export const matrixHelp = renderHelp('matrix', {
  usage: 'Usage: msgapi matrix [options]',
  intro: `Proves the suite: runs it against the reference server with each seeded fault switched on (the
suite must fail every one) and with each valid variant (other choices the spec leaves open; the
suite must pass every one). Writes matrix.json and matrix.md in REPORTS_DIR (earlier versions:
sensitivity.json and sensitivity.md).`,
});

export const mergeHelp = renderHelp('merge', {
  usage: 'Usage: msgapi merge REPORT.json REPORT.json ... [options]',
  intro: `Joins the conformance reports of one run split across machines with 'msgapi check --shard I/N'
into one report, as if the run had not been split: every part must be there, of the same target,
and no check may be in two parts. Writes the merged conformance.json and index.html beside it,
prints the summary, and exits as 'msgapi check' would. (Load reports merge with 'msgapi load merge'.)`,
});

export const openapiHelp = renderHelp('openapi', {
  usage: 'Usage: msgapi openapi [--out FILE] [--format json|yaml]',
  intro: `Writes an OpenAPI 3.1 document of the Messaging Service API v1: the ten operations of
lib/api/operations.ts, with the JSON Schemas of schemas/ (JSON Schema 2020-12) as its components.
Where the spec leaves a behaviour open (success status codes, errors, pagination beyond limit and
has_more), the document says so rather than inventing it.`,
});

export const probeHelp = renderHelp('probe', {
  usage: 'Usage: msgapi probe [--write FILE] [options]',
  intro: `Finds out what the server at BASE_URL chose where the spec leaves it open, with a handful of
requests on groups it makes for the purpose and removes (named with a marker: msgapi cleanup
--marker finds anything left): how it takes request bodies (BODY_ENCODING), how the next page is
asked for (PAGINATION), whether PUT contacts replaces or merges (GROUP_CONTACTS), and for the record
the DELETE answer, whether empty text comes back empty or null, the error body, what a limit of
1000 gets, the timestamp unit and rate-limit headers. Prints a .env fragment, a comment above each
line saying what was seen; the settings that would narrow what the suite accepts are commented
out (one answer seen is not a promise). msgapi check runs the same probe by itself for the first
three when they are not declared. Under --read-only only GETs are sent (pagination only).`,
});

export const serveHelp = renderHelp('serve', {
  usage: 'Usage: msgapi serve [options]',
  intro: `Starts the embedded reference server (an in-memory implementation of the whole API) and prints its
URL and the tokens of its two users. Stop it with Ctrl-C.`,
});

/** Each command's --help, by the name typed after msgapi. */
export const helpTexts: Record<CommandName, string> = {
  check: checkHelp,
  cleanup: cleanupHelp,
  compare: compareHelp,
  expectations: expectationsHelp,
  load: loadHelp,
  'load merge': loadMergeHelp,
  'load export': loadExportHelp,
  'load import': loadImportHelp,
  matrix: matrixHelp,
  merge: mergeHelp,
  openapi: openapiHelp,
  probe: probeHelp,
  serve: serveHelp,
};
