// The project's own tests. The conformance suites have their own config in suites/.
//
// Two projects (test/README.md says where a new test goes):
//   tests  npm test: everything but test/ci/, in about ten minutes on two cores.
//   ci     npm run test:ci: the whole runs that take the rest (the full matrix, whole checks against
//          the rate-limited server, the declared variants, the model's long searches). .ci/run runs both.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The JSON results are what .ci/run counts its closing "N passed, N failed" line from; in
    // .test-output/ (gitignored), as everything npm test leaves: the user's reports/ is not touched.
    // (npm run test:ci writes its own, ci-tests.json, through --outputFile.json.)
    reporters: ['default', 'json'],
    outputFile: { json: '.test-output/project-tests.json' },
    // msgapi built once, as npm pack builds it; the tests run that build (test/helpers/cli-build.ts).
    globalSetup: ['test/helpers/cli-build.ts'],
    // Two files at once: most tests wait on a child process or a server, so on two cores two files
    // overlap their waits (vitest's default is one file at a time there: cores − 1).
    maxWorkers: 2,
    // A guard against a hang, not a bound on speed: on a busy machine (CPU hogs beside the run) a
    // test that runs msgapi several times takes minutes, and must still pass.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    projects: [
      { extends: true, test: { name: 'tests', include: ['test/**/*.test.ts'], exclude: ['test/ci/**'] } },
      { extends: true, test: { name: 'ci', include: ['test/ci/**/*.test.ts'] } },
    ],
  },
});
