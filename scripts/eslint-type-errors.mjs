// The TypeScript compiler's own errors as an ESLint rule (`types/tsc`), so that `npm test` checks types
// and lints with one program per project instead of building each project's program twice (once in
// `tsc`, once in typescript-eslint's type-aware rules): decision 0051.
//
// It reports, for each linted file that belongs to a tsconfig project, exactly what `tsc -p <project>
// --noEmit` reports for that file (syntactic and semantic diagnostics), and once per program the
// diagnostics that belong to no file (compiler options, global types). Files in typescript-eslint's
// default project (the tool configuration files no tsconfig includes) are not type-checked, as by tsc.
//
// It is off in eslint.config.js: `npm test` turns it on (`--rule 'types/tsc: error'`) and runs
// ESLint without its cache, since a file's type errors depend on other files. `npm run typecheck`
// (tsc, incremental) stays the everyday check.
import ts from 'typescript';

const reportedGlobal = new WeakSet();

/** tsc's message text, chained messages joined as tsc prints them. */
const text = (diagnostic) =>
  `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;

const tsc = {
  meta: {
    type: 'problem',
    docs: { description: 'Reports the TypeScript compiler errors of the file' },
    messages: { error: '{{text}}' },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const program = services?.program;
    if (!program || !services.esTreeNodeToTSNodeMap) return {};
    // The default project (no tsconfig): tsc checks no such file either.
    if (!program.getCompilerOptions().configFilePath) return {};
    const sourceFile = program.getSourceFile(context.filename);
    if (!sourceFile) return {};
    return {
      Program(node) {
        const diagnostics = [
          ...program.getSyntacticDiagnostics(sourceFile),
          ...program.getSemanticDiagnostics(sourceFile),
        ];
        if (!reportedGlobal.has(program)) {
          reportedGlobal.add(program);
          diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
        }
        for (const diagnostic of diagnostics) {
          if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
          if (diagnostic.file && diagnostic.file !== sourceFile) {
            // A global diagnostic that points into another file (a declaration file, a tsconfig).
            const at = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
            context.report({
              node,
              messageId: 'error',
              data: {
                text: `${diagnostic.file.fileName}:${at.line + 1}:${at.character + 1} ${text(diagnostic)}`,
              },
            });
            continue;
          }
          if (!diagnostic.file || diagnostic.start === undefined) {
            context.report({ node, messageId: 'error', data: { text: text(diagnostic) } });
            continue;
          }
          const start = sourceFile.getLineAndCharacterOfPosition(diagnostic.start);
          const end = sourceFile.getLineAndCharacterOfPosition(diagnostic.start + (diagnostic.length ?? 0));
          context.report({
            loc: {
              start: { line: start.line + 1, column: start.character },
              end: { line: end.line + 1, column: end.character },
            },
            messageId: 'error',
            data: { text: text(diagnostic) },
          });
        }
      },
    };
  },
};

export default { meta: { name: 'zevar-types' }, rules: { tsc } };
