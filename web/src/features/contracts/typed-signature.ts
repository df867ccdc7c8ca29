// The handwriting font of typed signatures, bundled with the SPA (never from a CDN): Dancing Script (SIL OFL 1.1).
// One face per subset, each with its unicode-range, so a browser fetches only what a name needs: Latin for õ ä ö ü,
// Latin Extended for š ž (typed-signature.test.ts holds the ranges to every Estonian letter).
import '@fontsource/dancing-script/400.css';

/** Same size as the drawing pad (spec §9), so a typed signature uploads like a drawn one. */
const WIDTH = 500;
const HEIGHT = 200;
const SCALE = 2; // sharp on high-density screens and in the PDF
const MARGIN = 24;
const LARGEST_SIZE = 72;
const SMALLEST_SIZE = 16;

export const SIGNATURE_FONT_FAMILY = 'Dancing Script';

function font(size: number): string {
  return `${size}px "${SIGNATURE_FONT_FAMILY}"`;
}

/**
 * The signer's name in the handwriting font, black on transparent, as a PNG data URL (the format of a drawn
 * signature); null where the browser cannot draw. The font is loaded first, so the image never shows a fallback.
 */
export async function renderTypedSignature(name: string): Promise<string | null> {
  await document.fonts?.load(font(LARGEST_SIZE), name);
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH * SCALE;
  canvas.height = HEIGHT * SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.scale(SCALE, SCALE);
  let size = LARGEST_SIZE;
  ctx.font = font(size);
  while (size > SMALLEST_SIZE && ctx.measureText(name).width > WIDTH - 2 * MARGIN) {
    size -= 2;
    ctx.font = font(size);
  }
  ctx.fillStyle = '#000000';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, WIDTH / 2, HEIGHT / 2);
  return canvas.toDataURL('image/png');
}
