// Promise.all for requests sent side by side, except that a failure does not leave the others
// running behind the caller: each is awaited to its end, then the first failure (in the order
// given) is thrown. The probe removes what it made only once nothing of its own is still on the wire.

export async function allEnded<T extends readonly unknown[] | []>(
  parts: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = (await Promise.allSettled(parts)) as PromiseSettledResult<unknown>[];
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
