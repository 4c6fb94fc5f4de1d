// Type-checks an exported k6 script against @types/k6 with the TypeScript compiler (JavaScript
// checked through its JSDoc: allowJs, checkJs, strict), as an editor with @types/k6 would; k6
// itself is not installable here, so this is what stands in for k6's own parsing of the script.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const typeRoots = [fileURLToPath(new URL('../../../node_modules/@types', import.meta.url))];

/** The program of the last call: the next reuses its unchanged files (the libraries, @types/k6). */
let previous: ts.Program | undefined;

/** The compiler's errors, one line each (file:line: message), over all the scripts given (name → text); none when they type-check. */
export function typeErrors(dir: string, scripts: Record<string, string>): string[] {
  const files = Object.entries(scripts).map(([name, script]) => {
    writeFileSync(join(dir, name), script);
    return join(dir, name);
  });
  const options: ts.CompilerOptions = {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    strict: true,
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    // k6 has no DOM and no Node: only the language, and k6's own globals (__ENV, open …).
    lib: ['lib.es2020.d.ts'],
    types: ['k6'],
    typeRoots,
  };
  const program = ts.createProgram(files, options, ts.createCompilerHost(options), previous);
  previous = program;
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where =
      diagnostic.file && diagnostic.start !== undefined
        ? `${diagnostic.file.fileName.slice(dir.length + 1)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1}: `
        : '';
    return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}
