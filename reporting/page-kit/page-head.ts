// The head of every static report page (reports/index.html, reports/load.html), with the one
// Content-Security-Policy they share.
import { escapeHtml } from './format.ts';

/**
 * The policy forbids loading anything from anywhere: the pages open from disk, and inline scripts
 * and styles are all they have, so a page that tried to fetch something fails in the browser
 * instead of quietly going online.
 */
export const staticPagePolicy =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

export function staticPageHead(title: string, css: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${staticPagePolicy}">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
</head>`;
}
