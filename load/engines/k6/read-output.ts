// The lines of k6's JSON output (k6 run --out json=FILE; gzipped when FILE ends in .gz), as k6
// documents them (results-output/real-time/json) and writes them (output/json/wrapper.go):
//   {"type":"Metric","data":{"name":…,"type":"trend","contains":"time",…},"metric":"http_req_duration"}
//   {"metric":"http_req_duration","type":"Point","data":{"time":"…","value":12.3,"tags":{…},"metadata":{…}}}
// A file is read whole (gunzipSync, then split into lines): the import's interface is synchronous,
// and a k6 output of a few million points is a few GB of memory at most; a bigger one needs a
// streaming reader.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { HarnessError } from '../../../lib/core/errors.ts';

export interface K6Point {
  metric: string;
  /** Milliseconds since the epoch, with k6's nanosecond digits as a fraction. */
  time: number;
  value: number;
  tags: Record<string, string>;
}

export interface K6Output {
  file: string;
  points: K6Point[];
  /** The last line was cut off (k6 stopped while writing it): left out. */
  cutOff: boolean;
}

const gzipMagic = [0x1f, 0x8b];

function textOf(file: string): string {
  const bytes = readFileSync(file);
  if (bytes[0] !== gzipMagic[0] || bytes[1] !== gzipMagic[1]) return bytes.toString('utf8');
  try {
    return gunzipSync(bytes).toString('utf8');
  } catch (error) {
    throw new HarnessError(
      'MSGAPI_USAGE',
      `${file} is gzipped but cannot be read whole (${(error as Error).message}): was k6 stopped before it closed the file?`,
    );
  }
}

/** Milliseconds since the epoch, with the digits below the millisecond that Date.parse drops. */
function timeMs(text: string): number {
  const parsed = Date.parse(text);
  const below = /\.\d{3}(\d+)/.exec(text)?.[1];
  return below === undefined ? parsed : parsed + Number(`0.${below}`);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One line as a point, null for a Metric line, or why it is not k6 JSON output. */
function pointOf(line: string): K6Point | null | { notK6: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { notK6: 'is not JSON' };
  }
  if (!isRecord(parsed) || typeof parsed.metric !== 'string' || !isRecord(parsed.data))
    return { notK6: 'is not a k6 Metric or Point line ({"type", "metric", "data"})' };
  if (parsed.type === 'Metric') return null;
  if (parsed.type !== 'Point')
    return { notK6: `has the type ${JSON.stringify(parsed.type)}, neither Metric nor Point` };
  const { time, value, tags } = parsed.data;
  const at = typeof time === 'string' ? timeMs(time) : Number.NaN;
  if (Number.isNaN(at) || typeof value !== 'number') return { notK6: 'is a Point without a time or a numeric value' };
  const tagRecord: Record<string, string> = {};
  if (isRecord(tags)) for (const [name, tag] of Object.entries(tags)) tagRecord[name] = String(tag);
  return { metric: parsed.metric, time: at, value, tags: tagRecord };
}

export function readK6Output(file: string): K6Output {
  const lines = textOf(file).split('\n');
  const points: K6Point[] = [];
  let cutOff = false;
  let seen = 0;
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    seen++;
    const point = pointOf(line);
    if (point === null) continue;
    if ('notK6' in point) {
      const isLast = lines.slice(index + 1).every((rest) => rest.trim() === '');
      // A last line cut short is what a k6 that was stopped leaves; anything else is another file.
      if (isLast && seen > 1 && point.notK6 === 'is not JSON') {
        cutOff = true;
        continue;
      }
      throw new HarnessError(
        'MSGAPI_USAGE',
        `${file} is not k6 JSON output (k6 run --out json=FILE): line ${index + 1} ${point.notK6}.`,
      );
    }
    points.push(point);
  }
  if (seen === 0)
    throw new HarnessError('MSGAPI_USAGE', `${file} is empty: not k6 JSON output (k6 run --out json=FILE).`);
  return { file, points, cutOff };
}
