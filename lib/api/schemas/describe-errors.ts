// Turns Ajv's error objects into sentences a person can act on: the field, the rule, the value found.
import type { ErrorObject } from 'ajv';

function fieldPath(label: string, instancePath: string): string {
  if (instancePath === '') return label;
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : `${path}.${part}`), label);
}

export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function ruleOf(error: ErrorObject): string {
  switch (error.keyword) {
    case 'type':
      return `must be ${[error.params.type].flat().join(' or ')}`;
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known parameter';
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}

/**
 * One line per problem. The alternatives of an anyOf (such as "timestamp or null") are folded into
 * the anyOf's own line, so a wrong archived_at reads as one problem, not three.
 */
export function describeSchemaErrors(errors: readonly ErrorObject[], label: string): string[] {
  const anyOfPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  const lines: string[] = [];
  for (const error of errors) {
    if (error.keyword === 'required') {
      const missing = String(error.params.missingProperty);
      const path = fieldPath(label, `${error.instancePath}/${missing}`);
      if (anyOfPaths.has(error.instancePath)) continue;
      lines.push(`${path} is required (rule: required; found: absent)`);
      continue;
    }
    if (error.keyword === 'anyOf') {
      const path = fieldPath(label, error.instancePath);
      const siblings = errors.filter((e) => e !== error && e.instancePath === error.instancePath);
      const missing = siblings.filter((e) => e.keyword === 'required').map((e) => String(e.params.missingProperty));
      if (missing.length > 0) {
        lines.push(
          `${path} needs at least one of ${missing.join(', ')} (rule: anyOf; found: ${showValue(error.data)})`,
        );
        continue;
      }
      const types = siblings.filter((e) => e.keyword === 'type').flatMap((e) => [e.params.type].flat());
      const rule =
        types.length > 0 ? `must be ${[...new Set(types)].join(' or ')}` : 'must match one of its alternatives';
      lines.push(`${path} ${rule} (rule: anyOf; found: ${showValue(error.data)})`);
      continue;
    }
    if (anyOfPaths.has(error.instancePath)) continue;
    lines.push(
      `${fieldPath(label, error.instancePath)} ${ruleOf(error)} (rule: ${error.keyword}; found: ${showValue(error.data)})`,
    );
  }
  return [...new Set(lines)];
}
