// local/no-cross-feature-imports: a dashboard feature (dashboard/src/features/<name>/) imports
// only itself and the shared dashboard code outside features/, so a feature can be changed or
// removed without reading the others. What two features need goes up a level.
import path from 'node:path';

const FEATURES = path.join('dashboard', 'src', 'features');

/** The feature folder a file belongs to, or undefined outside dashboard/src/features/. */
function featureOf(cwd, file) {
  const rel = path.relative(path.join(cwd, FEATURES), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel ? rel.split(path.sep)[0] : undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow imports from one dashboard feature folder into another.' },
    schema: [],
    messages: {
      crossFeature:
        'The "{{from}}" feature imports the "{{to}}" feature ({{specifier}}). Move what both need out of features/ (e.g. dashboard/src/chatbots/).',
    },
  },
  create(context) {
    const cwd = context.cwd;
    const from = featureOf(cwd, context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = featureOf(cwd, path.resolve(path.dirname(context.filename), source.value));
      if (to && to !== from) context.report({ node: source, messageId: 'crossFeature', data: { from, to, specifier: source.value } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
