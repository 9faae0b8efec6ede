/**
 * An attachment's thumbnail as Mailpit makes it (MP server/apiv1/thumbnails.go;
 * docs/spec/mailpit-api.md#237-get-apiv1messageidpartpartidthumb): a 180×120 JPEG of quality 70; an image smaller
 * than that in either direction is fitted (never enlarged) and centred on white, a larger one scaled to cover and
 * centre-cropped; transparency shows white. JPEG and PNG images are decoded (jpeg-js, pngjs). A part whose type is
 * not an image one, another format, an image that does not decode or one over 20 million pixels gets a blank white
 * thumbnail, as Mailpit gives one for a part it cannot read (Mailpit also reads GIF, BMP, TIFF and WebP, and turns
 * a JPEG by its EXIF orientation; not here). Run as a capture job (mail/capture/jobs.ts), on a worker thread, and
 * loaded on first use there, so the decoders weigh on no start and a photo holds no request up.
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

const WIDTH = 180;
const HEIGHT = 120;
const QUALITY = 70;
/** Mailpit's maxDecodedPixels. */
const MAX_PIXELS = 20_000_000;

interface Rgba {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

export function thumbnail(contentType: string, content: Buffer): Buffer {
  const image = decode(contentType, content);
  const canvas = new Uint8Array(WIDTH * HEIGHT * 4).fill(255);
  if (image !== null) {
    if (image.width < WIDTH || image.height < HEIGHT) drawFitted(image, canvas);
    else drawFilled(image, canvas);
  }
  return jpeg.encode({ data: canvas, width: WIDTH, height: HEIGHT }, QUALITY).data;
}

function decode(contentType: string, content: Buffer): Rgba | null {
  if (!contentType.startsWith('image/')) return null;
  try {
    if (isPng(content)) {
      if (content.length >= 24 && content.readUInt32BE(16) * content.readUInt32BE(20) > MAX_PIXELS) return null;
      return PNG.sync.read(content);
    }
    if (isJpeg(content)) {
      return jpeg.decode(content, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6 });
    }
  } catch {
    // Undecodable: the blank thumbnail, as Mailpit's.
  }
  return null;
}

function isPng(content: Buffer): boolean {
  return content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}

function isJpeg(content: Buffer): boolean {
  return content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff;
}

/** imaging.Fit then OverlayCenter: scaled down only to fit inside 180×120, centred. */
function drawFitted(image: Rgba, canvas: Uint8Array): void {
  let width = image.width;
  let height = image.height;
  if (width > WIDTH || height > HEIGHT) {
    const scale = Math.min(WIDTH / width, HEIGHT / height);
    width = Math.max(1, Math.round(width * scale));
    height = Math.max(1, Math.round(height * scale));
  }
  const left = Math.floor((WIDTH - width) / 2);
  const top = Math.floor((HEIGHT - height) / 2);
  draw(image, { x: 0, y: 0, width: image.width, height: image.height }, canvas, { left, top, width, height });
}

/** imaging.Fill: scaled to cover 180×120, the middle kept. */
function drawFilled(image: Rgba, canvas: Uint8Array): void {
  const scale = Math.max(WIDTH / image.width, HEIGHT / image.height);
  const width = Math.min(image.width, WIDTH / scale);
  const height = Math.min(image.height, HEIGHT / scale);
  const source = { x: (image.width - width) / 2, y: (image.height - height) / 2, width, height };
  draw(image, source, canvas, { left: 0, top: 0, width: WIDTH, height: HEIGHT });
}

/**
 * Each target pixel the average of the source box it covers (alpha-weighted), then laid on the white canvas:
 * a box filter, where Mailpit uses Lanczos; the thumbnails differ in their last bits only.
 */
function draw(
  image: Rgba,
  source: { x: number; y: number; width: number; height: number },
  canvas: Uint8Array,
  target: { left: number; top: number; width: number; height: number },
): void {
  const stepX = source.width / target.width;
  const stepY = source.height / target.height;
  for (let ty = 0; ty < target.height; ty++) {
    const y0 = Math.floor(source.y + ty * stepY);
    const y1 = Math.max(y0 + 1, Math.min(image.height, Math.floor(source.y + (ty + 1) * stepY)));
    for (let tx = 0; tx < target.width; tx++) {
      const x0 = Math.floor(source.x + tx * stepX);
      const x1 = Math.max(x0 + 1, Math.min(image.width, Math.floor(source.x + (tx + 1) * stepX)));
      let red = 0;
      let green = 0;
      let blue = 0;
      let alpha = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const at = (y * image.width + x) * 4;
          const a = image.data[at + 3]!;
          red += image.data[at]! * a;
          green += image.data[at + 1]! * a;
          blue += image.data[at + 2]! * a;
          alpha += a;
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const coverage = alpha / (255 * count);
      const out = ((target.top + ty) * WIDTH + target.left + tx) * 4;
      const channel = (sum: number) =>
        alpha === 0 ? 255 : Math.round((sum / alpha) * coverage + 255 * (1 - coverage));
      canvas[out] = channel(red);
      canvas[out + 1] = channel(green);
      canvas[out + 2] = channel(blue);
    }
  }
}
