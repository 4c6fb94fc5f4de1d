// The project's own tests (npm test). The conformance suites have their own config in suites/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The JSON results are what .ci/run counts its closing "N passed, N failed" line from; in
    // .test-output/ (gitignored), as everything npm test leaves: the user's reports/ is not touched.
    reporters: ['default', ['json', { outputFile: '.test-output/project-tests.json' }]],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
