// Replaces every configured secret, wherever it appears in recorded text (a server may echo a
// token back in an error body), by the name of its environment variable.
import { printedTokens } from './token-command.ts';

export class Redactor {
  private readonly secrets: Array<[string, string]>;

  /** Each secret by the name of its variable: the tokens, and the values of --header 'Name: $VAR'. */
  constructor(secrets: Readonly<Record<string, string | undefined>>) {
    this.secrets = Object.entries(secrets)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 0)
      .map(([name, value]) => [value, `$${name}`]);
  }

  redact(text: string): string {
    let result = text;
    // Tokens ACCESS_TOKEN_COMMAND printed in this process, the renewed ones too.
    for (const token of printedTokens) result = result.split(token).join('$ACCESS_TOKEN');
    for (const [secret, replacement] of this.secrets) result = result.split(secret).join(replacement);
    return result;
  }
}
