// The two files the requirements manifest is kept in step with, read relative to this module so
// that tests, docs and scripts find them from any working directory.
import { readFileSync } from 'node:fs';
import { parseManifest, type RequirementEntry } from './manifest.ts';

export const specUrl = new URL('../../spec/messaging-api-v1.md', import.meta.url);
export const manifestUrl = new URL('../../suites/requirements.json', import.meta.url);

export function readSpecText(): string {
  return readFileSync(specUrl, 'utf8');
}

export function readManifest(): RequirementEntry[] {
  return parseManifest(readFileSync(manifestUrl, 'utf8'));
}
