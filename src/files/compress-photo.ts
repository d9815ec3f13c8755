// A photo from the tablet's camera made small enough to keep offline and upload on a weak signal:
// a JPEG of at most 1600 px on its long side and about 800 KB, made on the device
// (browser-image-compression, loaded when the first photo is taken; on the main thread, since its
// worker would be fetched from a CDN the app's CSP and an offline tablet both refuse).

export const PHOTO_MAX_EDGE = 1600;
export const PHOTO_MAX_MB = 0.8;

export class NotAPhotoError extends Error {
  constructor() {
    super('Choose a photo: that file is not an image.');
    this.name = 'NotAPhotoError';
  }
}

export async function compressPhoto(file: File): Promise<Blob> {
  if (!file.type.startsWith('image/')) throw new NotAPhotoError();
  const { default: imageCompression } = await import('browser-image-compression');
  try {
    return await imageCompression(file, {
      maxSizeMB: PHOTO_MAX_MB,
      maxWidthOrHeight: PHOTO_MAX_EDGE,
      useWebWorker: false,
      fileType: 'image/jpeg',
      initialQuality: 0.8,
    });
  } catch {
    // A file that says it is an image but cannot be decoded.
    throw new NotAPhotoError();
  }
}
