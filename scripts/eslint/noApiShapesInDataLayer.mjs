// local/no-api-shapes-in-data-layer: the data layer (server/src/db/) returns typed rows and never
// knows what the API sends. The response shapes live in shared/src/api/ (types.ts, insights.ts and
// the clients built on them); turning rows into them is the job of server/src/http/presenters/.
// Type-only imports count too: a repository typed with `Chatbot` is shaping the API all the same.
// The vocabulary both sides store and read (task states, recrawl schedules) is in
// shared/src/contract/, which stays allowed.
import path from 'node:path';

const DATA_LAYER = path.join('server', 'src', 'db');
const API_SHAPES = path.join('shared', 'src', 'api');

const inside = (root, file) => {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow server/src/db/ from importing the API response types of shared/src/api/.' },
    schema: [],
    messages: {
      apiShape:
        'The data layer returns rows; it must not import the API shapes ({{specifier}}). Map rows to API objects in server/src/http/presenters/.',
    },
  },
  create(context) {
    const cwd = context.cwd;
    if (!inside(path.join(cwd, DATA_LAYER), context.filename)) return {};
    const apiRoot = path.join(cwd, API_SHAPES);
    const check = (node, literal) => {
      if (!literal || literal.type !== 'Literal' || typeof literal.value !== 'string' || !literal.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), literal.value);
      if (inside(apiRoot, target)) context.report({ node: literal, messageId: 'apiShape', data: { specifier: literal.value } });
    };
    const fromSource = (node) => check(node, node.source);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: fromSource,
      // `typeof import('…')` and `import('…').Chatbot` in type positions.
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};
