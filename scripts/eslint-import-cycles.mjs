// Import cycles between our TypeScript files, found in the program typescript-eslint has already built
// (`cycles/no-cycle`, decision 0083). It checks what `import-x/no-cycle` (with `ignoreExternal`) checked
// for these files: an import that is kept at run time (a type-only import or re-export is not) whose
// target leads back to the importing file through other such imports, static or dynamic, among our own
// files (not node_modules, not declaration files). import-x parsed every file a second time and walked
// the graph again from each import of each file (17 % of the non-web ESLint half's time); the program
// already holds every file's imports, resolved, so the graph's strongly connected components are
// computed once per program and each file's imports are looked up in them. `import-x/no-cycle` still
// checks the JavaScript files, which are in no program.
import path from 'node:path';
import ts from 'typescript';

/** Per program: each own file's run-time imports, and the strongly connected component of each file. */
const graphs = new WeakMap();

const isOwn = (sourceFile) =>
  !!sourceFile && !sourceFile.isDeclarationFile && !sourceFile.fileName.includes('/node_modules/');

/** A module specifier whose import is erased from the JavaScript (types only). */
function typeOnly(specifier) {
  const parent = specifier.parent;
  if (ts.isLiteralTypeNode(parent)) return true; // `typeof import('./x')`, `import('./x').T`
  if (ts.isImportDeclaration(parent)) {
    const clause = parent.importClause;
    if (!clause) return false; // `import './x'` runs the module
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return (
      !clause.name &&
      !!bindings &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((element) => element.isTypeOnly)
    );
  }
  if (ts.isExportDeclaration(parent)) {
    if (parent.isTypeOnly) return true;
    const clause = parent.exportClause;
    return (
      !!clause &&
      ts.isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((element) => element.isTypeOnly)
    );
  }
  return false;
}

/** The module specifiers of a file: static imports and re-exports, `import()` and `require()`. */
function specifiersOf(sourceFile) {
  // The program has collected them already (internal, but present since TypeScript 2); walk the tree otherwise.
  if (Array.isArray(sourceFile.imports)) return sourceFile.imports;
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      found.push(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      found.push(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function graphOf(program) {
  let graph = graphs.get(program);
  if (graph) return graph;
  /** file name → [{ specifier, target }] */
  const edges = new Map();
  for (const sourceFile of program.getSourceFiles()) {
    if (!isOwn(sourceFile)) continue;
    const out = [];
    for (const specifier of specifiersOf(sourceFile)) {
      if (typeOnly(specifier)) continue;
      const resolved = program.getResolvedModuleFromModuleSpecifier(specifier, sourceFile)?.resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = program.getSourceFile(resolved.resolvedFileName);
      if (isOwn(target) && target !== sourceFile) out.push({ specifier, target: target.fileName });
    }
    edges.set(sourceFile.fileName, out);
  }
  // Tarjan's strongly connected components, iteratively (a deep import chain must not overflow the stack).
  const index = new Map();
  const low = new Map();
  const component = new Map();
  const sizes = [];
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work = [{ file: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const out = edges.get(frame.file) ?? [];
      if (frame.next < out.length) {
        const { target } = out[frame.next++];
        if (!edges.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].file;
        low.set(parent, Math.min(low.get(parent), low.get(frame.file)));
      }
      if (low.get(frame.file) === index.get(frame.file)) {
        const id = sizes.length;
        let size = 0;
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.set(member, id);
          size++;
        } while (member !== frame.file);
        sizes.push(size);
      }
    }
  }
  graph = { edges, component, sizes };
  graphs.set(program, graph);
  return graph;
}

/** The shortest way back from `from` to `to` through run-time imports within their component. */
function routeBack(graph, from, to) {
  const id = graph.component.get(to);
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === to) break;
    for (const { target } of graph.edges.get(file) ?? []) {
      if (previous.has(target) || graph.component.get(target) !== id) continue;
      previous.set(target, file);
      queue.push(target);
    }
  }
  const route = [];
  for (let file = to; file; file = previous.get(file)) route.unshift(file);
  return route;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids a run-time import that leads back to the importing file' },
    messages: { cycle: 'Dependency cycle: {{route}}' },
    schema: [],
  },
  create(context) {
    const program = context.sourceCode.parserServices?.program;
    if (!program) return {};
    const sourceFile = program.getSourceFile(context.filename);
    if (!isOwn(sourceFile)) return {};
    return {
      Program() {
        const graph = graphOf(program);
        const id = graph.component.get(sourceFile.fileName);
        if (id === undefined || graph.sizes[id] < 2) return;
        const root = path.dirname(context.filename);
        for (const { specifier, target } of graph.edges.get(sourceFile.fileName) ?? []) {
          if (graph.component.get(target) !== id) continue;
          const route = routeBack(graph, target, sourceFile.fileName).map((file) =>
            path.relative(root, file),
          );
          const start = sourceFile.getLineAndCharacterOfPosition(specifier.getStart(sourceFile));
          const end = sourceFile.getLineAndCharacterOfPosition(specifier.getEnd());
          context.report({
            loc: {
              start: { line: start.line + 1, column: start.character },
              end: { line: end.line + 1, column: end.character },
            },
            messageId: 'cycle',
            data: { route: [path.basename(context.filename), ...route].join(' → ') },
          });
        }
      },
    };
  },
};

export default { meta: { name: 'zevar-import-cycles' }, rules: { 'no-cycle': noCycle } };
