// Docent's own lint rules (no import plugin is installed; these need only the file system).
import maxFileSize from './maxFileSize.mjs';
import noApiShapesInDataLayer from './noApiShapesInDataLayer.mjs';
import noCrossFeatureImports from './noCrossFeatureImports.mjs';
import noImportCycles from './noImportCycles.mjs';

export default {
  meta: { name: 'docent-local' },
  rules: {
    'no-import-cycles': noImportCycles,
    'no-cross-feature-imports': noCrossFeatureImports,
    'no-api-shapes-in-data-layer': noApiShapesInDataLayer,
    'max-file-size': maxFileSize,
  },
};
