// local/no-import-cycles: a module must not (through any chain of runtime imports) import itself.
// A cycle makes one of its modules run before the other has finished loading (its exports are
// still undefined, or in TDZ), and ties the two files so neither can be understood alone.
import path from 'node:path';
import { importPath, resolveImport } from './importGraph.mjs';

const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles between source files (runtime imports only).' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}. Move what both sides need into a third module.' },
  },
  create(context) {
    const file = context.filename;
    const cwd = context.cwd;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string' || typeOnly(node)) return;
      const target = resolveImport(file, node.source.value);
      if (!target) return;
      const chain = importPath(target, file);
      if (!chain) return;
      const names = [file, ...chain].map((f) => path.relative(cwd, f));
      context.report({ node: node.source, messageId: 'cycle', data: { chain: names.join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
