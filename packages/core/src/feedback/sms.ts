/**
 * How many SMS parts a text costs. A text of GSM 03.38 characters only travels as 7-bit (160 a
 * part, 153 when split, the extension characters counting twice); any other character (Arabic, an
 * emoji) makes the whole text UCS-2: 70 a part, 67 when split (each part gives room to the header
 * that joins them). Emoji outside the basic plane count as two UCS-2 units.
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const BASIC = /* @__PURE__ */ new Set(GSM_BASIC);
const EXTENSION = /* @__PURE__ */ new Set(GSM_EXTENSION);

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the network counts them (septets for GSM-7, 16-bit units for UCS-2). */
  units: number;
  segments: number;
  /** Characters one part holds for this text (160 or 153, 70 or 67). */
  perSegment: number;
}

export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (BASIC.has(ch)) septets += 1;
    else if (EXTENSION.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const [units, single, multi] = gsm ? [septets, 160, 153] : [text.length, 70, 67];
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments, perSegment: segments > 1 ? multi : single };
}
