// local/max-file-size: a source file stays under 12 KB (12,288 bytes; tests excluded, see
// eslint.config.js). Past that a file has more than one job: split it by role (the crawler's
// frontier, page placement; the client's owner and visitor calls) rather than cutting it in the middle.
const DEFAULT_MAX_BYTES = 12 * 1024;

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'Limit the size of a source file.' },
    schema: [{ type: 'object', properties: { maxBytes: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
    messages: {
      tooBig: 'This file is {{size}} bytes, over the {{max}}-byte limit: split it by role.',
    },
  },
  create(context) {
    const max = context.options[0]?.maxBytes ?? DEFAULT_MAX_BYTES;
    return {
      Program(node) {
        const size = Buffer.byteLength(context.sourceCode.text, 'utf8');
        if (size > max) context.report({ node, loc: { line: 1, column: 0 }, messageId: 'tooBig', data: { size, max } });
      },
    };
  },
};
