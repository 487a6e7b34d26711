import type { Lang } from './languages.js';

type Entry = Record<Lang, string>;

/** The refusals of an uploaded image, whatever it is for. */
export const IMAGE_MESSAGES = {
  'image.missing': {
    zh: '请选择一张图片',
    en: 'Choose an image',
    cs: 'Vyberte obrázek',
    de: 'Wählen Sie ein Bild aus',
  },
  'image.type': {
    zh: '只能上传 JPEG、PNG 或 WebP 图片',
    en: 'Only JPEG, PNG or WebP images can be uploaded',
    cs: 'Nahrát lze jen obrázky JPEG, PNG nebo WebP',
    de: 'Es können nur JPEG-, PNG- oder WebP-Bilder hochgeladen werden',
  },
  'image.tooBig': {
    zh: '图片不能超过 {maxMb} MB',
    en: 'An image may be at most {maxMb} MB',
    cs: 'Obrázek smí mít nejvýše {maxMb} MB',
    de: 'Ein Bild darf höchstens {maxMb} MB groß sein',
  },
  'image.pixels': {
    zh: '图片不能超过 {maxMp} 百万像素',
    en: 'An image may have at most {maxMp} megapixels',
    cs: 'Obrázek smí mít nejvýše {maxMp} megapixelů',
    de: 'Ein Bild darf höchstens {maxMp} Megapixel haben',
  },
  'image.unreadable': {
    zh: '无法读取该图片',
    en: 'This image cannot be read',
    cs: 'Tento obrázek nelze přečíst',
    de: 'Dieses Bild kann nicht gelesen werden',
  },
} as const satisfies Record<string, Entry>;
