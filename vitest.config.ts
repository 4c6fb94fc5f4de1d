// The project's own tests (npm test). The conformance suites have their own config in suites/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The JSON results are what .ci/run counts its closing "N passed, N failed" line from.
    reporters: ['default', ['json', { outputFile: 'reports/project-tests.json' }]],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
