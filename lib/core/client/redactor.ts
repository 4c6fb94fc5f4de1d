// Replaces every configured secret, wherever it appears in recorded text (a server may echo a
// token back in an error body), by the name of its environment variable.
import type { SecretName } from './credentials.ts';

export class Redactor {
  private readonly secrets: Array<[string, string]>;

  constructor(secrets: Partial<Record<SecretName, string | undefined>>) {
    this.secrets = Object.entries(secrets)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 0)
      .map(([name, value]) => [value, `$${name}`]);
  }

  redact(text: string): string {
    let result = text;
    for (const [secret, replacement] of this.secrets) result = result.split(secret).join(replacement);
    return result;
  }
}
