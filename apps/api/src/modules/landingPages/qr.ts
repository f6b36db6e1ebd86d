import QRCode from 'qrcode';
import { loadPdfKit } from '../../platform/lazyModules';
import { ligaturesAsPresentationForms, registerPdfFonts, richText } from '../../platform/pdfText';
import { sniffImage } from '../../platform/storage';

/**
 * QR codes of a landing page's short address (the `qrcode` library, error correction M: a table
 * card survives a coffee stain), as PNG, SVG and a printable A6 table card (PDF).
 */
export const QR_FORMATS = ['png', 'svg', 'pdf'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

export const QR_CONTENT_TYPES: Record<QrFormat, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

const QR_OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 2 };

export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width: 1024 });
}

export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });
}

export interface TableCard {
  url: string;
  title: string;
  /** The logo's bytes (from storage), if any; drawn when PNG or JPEG (pdfkit draws no other kind). */
  logo: Buffer | null;
  color: string;
}

function drawableLogo(content: Buffer | null): Buffer | null {
  const kind = content ? sniffImage(content) : null;
  return kind && (kind.ext === 'png' || kind.ext === 'jpg') ? content : null;
}

/** An A6 portrait card: logo (or nothing), the place's name, "Rate your visit" in English and Arabic, the QR code, the short address. */
export async function tableCardPdf(card: TableCard): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'A6', margin: 24, info: { Title: `${card.title}: rate your visit` } });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 48;
  const logo = drawableLogo(card.logo);
  doc.rect(0, 0, doc.page.width, 8).fill(card.color);
  doc.y = 24;
  if (logo) {
    doc.image(logo, 24, doc.y, { fit: [width, 48], align: 'center' });
    doc.y += 56;
  }
  richText(doc, card.title, { x: 24, width, fontSize: 16, color: '#1f2329' });
  doc.y += 4;
  richText(doc, 'Rate your visit', { x: 24, width, fontSize: 13, color: card.color });
  richText(doc, 'قيّم زيارتك', { x: 24, width, fontSize: 13, color: card.color });
  const size = Math.min(width, doc.page.height - doc.y - 60);
  doc.image(await qrPng(card.url), 24 + (width - size) / 2, doc.y + 6, { width: size });
  doc.y += size + 12;
  richText(doc, card.url.replace(/^https?:\/\//, ''), { x: 24, width, fontSize: 9, color: '#666666' });
  ligaturesAsPresentationForms(doc);
  doc.end();
  return done;
}
