import { describe, expect, it } from 'vitest';
import { CHECKS_AT_ONCE, MAX_THREADS, isLoopback, suiteParallelism } from '../conformance/run/parallelism.ts';

describe('how many checks run at once (conformance/run/parallelism.ts)', () => {
  it('tells a server on this machine from one elsewhere', () => {
    for (const url of ['http://127.0.0.1:8080', 'http://127.9.0.1', 'http://localhost:3000', 'http://api.localhost', 'http://[::1]:80']) expect(isLoopback(url), url).toBe(true);
    for (const url of ['https://staging.example.com', 'http://10.0.0.2:8080', 'http://128.0.0.1', 'http://[::2]', 'not a url']) expect(isLoopback(url), url).toBe(false);
  });

  it('unset, runs as many checks at once wherever the target is, on one thread a core when it is local', () => {
    expect(suiteParallelism(['http://127.0.0.1:1'], undefined, 2)).toEqual({ maxWorkers: 2, maxConcurrency: CHECKS_AT_ONCE / 2, concurrent: true, fileParallelism: true });
    expect(suiteParallelism(['http://127.0.0.1:1'], undefined, 64).maxWorkers).toBe(MAX_THREADS);
    expect(suiteParallelism(['https://staging.example.com'], undefined, 2)).toMatchObject({ maxWorkers: MAX_THREADS, maxConcurrency: CHECKS_AT_ONCE / MAX_THREADS });
    // One remote target among local ones: the remote one sets the pace.
    expect(suiteParallelism(['http://127.0.0.1:1', 'https://staging.example.com'], undefined, 2).maxWorkers).toBe(MAX_THREADS);
  });

  it('with --workers N, runs N at most, and 1 runs them one after another', () => {
    expect(suiteParallelism(['http://127.0.0.1:1'], 1, 2)).toEqual({ maxWorkers: 1, maxConcurrency: 1, concurrent: false, fileParallelism: false });
    expect(suiteParallelism(['https://staging.example.com'], 24, 2)).toEqual({ maxWorkers: MAX_THREADS, maxConcurrency: 4, concurrent: true, fileParallelism: true });
  });
});
