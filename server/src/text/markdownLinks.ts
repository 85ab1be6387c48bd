/**
 * Markdown link and image patterns with bounded parts. The unbounded `\[([^\]]*)\]\([^)]*\)` made a
 * regex scan the rest of the text from every "[" that did not open a link: quadratic on a hostile
 * page ("[a](" × 100,000 took 30-60 s, on the thread that answers every bot's visitors). Bounded, a
 * scan stops after a link's worth of text, so the cost is linear in the text. A link whose text or
 * target is longer than any real one (our page writer keeps link texts to 200 characters) is left
 * as written.
 */
const TEXT = '[^\\]\\n]{0,300}';
const TARGET = '[^)\\n]{0,2048}';

/** `[text](target)`, the text captured. */
export const MD_LINK = new RegExp(`\\[(${TEXT})\\]\\(${TARGET}\\)`, 'g');
/** `![alt](target)`, the alt text captured. */
export const MD_IMAGE = new RegExp(`!\\[(${TEXT})\\]\\(${TARGET}\\)`, 'g');
/** A link or an image, the text captured. */
export const MD_LINK_OR_IMAGE = new RegExp(`!?\\[(${TEXT})\\]\\(${TARGET}\\)`, 'g');
/** `![alt]` or `![alt][ref]` (a reference image), the alt text captured. */
export const MD_IMAGE_REF = new RegExp(`!\\[(${TEXT})\\](?:\\[${TEXT}\\])?`, 'g');
/** `[text](target "title")` with the target captured too (second group), `<target>` allowed. */
export const MD_LINK_WITH_TARGET = new RegExp(`\\[(${TEXT})\\]\\( {0,16}<?([^)\\s>]{0,2048})>?(?: {1,16}"[^"\\n]{0,300}")? {0,16}\\)`, 'g');
