import { readFileSync } from 'node:fs';

export const projectRoot = new URL('../../', import.meta.url);

export const version: string = (
  JSON.parse(readFileSync(new URL('package.json', projectRoot), 'utf8')) as { version: string }
).version;
