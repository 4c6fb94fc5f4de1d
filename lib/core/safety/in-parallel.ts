// Cleanup work, a few requests at a time: a run's sweep and a check's cleanup delete and verify
// hundreds of objects, and one after another each costs a round trip (at 30 ms, 500 objects took
// 15 s). Eight at a time keeps a far server's pace without flooding a near one.

/** Runs `work` on every item, at most `width` at once; resolves when all are done (each handles its own errors). */
export async function forEachInParallel<T>(
  items: readonly T[],
  work: (item: T) => Promise<void>,
  width = 8,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
