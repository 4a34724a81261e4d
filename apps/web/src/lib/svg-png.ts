/** Drawing an SVG (a chart as shown) into a PNG file, in the browser. */

// Chromium refuses a canvas over 16,384 px a side or ~268 million pixels: a very large chart is
// drawn at a smaller scale rather than not at all.
const MAX_SIDE = 16_384;
const MAX_PIXELS = 268_000_000;

/** Draws the SVG onto a canvas (through an image of its Blob URL) and encodes it as PNG. */
export async function svgToPng(
  { svg, width, height }: { svg: string; width: number; height: number },
  scale = 2,
): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the chart image did not load'));
      image.src = url;
    });
    const s = Math.min(scale, MAX_SIDE / width, MAX_SIDE / height, Math.sqrt(MAX_PIXELS / (width * height)));
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(width * s);
    canvas.height = Math.floor(height * s);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas was not encoded'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
