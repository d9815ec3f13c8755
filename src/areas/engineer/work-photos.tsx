/** The engineer's photos of one piece of work: the kit's PhotoStrip over this device's photos. */
import { PhotoStrip } from '../../components/photo-strip';
import { useKeepPhoto, useWorkPhotos } from '../../data/photos';
import type { PhotoWork } from '../../domain/photos';

export function WorkPhotos({
  work,
  workId,
  title,
}: {
  work: PhotoWork;
  workId: string;
  title: string;
}) {
  const photos = useWorkPhotos(workId);
  const { keep, busy } = useKeepPhoto(work, workId);
  return (
    <PhotoStrip title={title} photos={photos} onAdd={(files) => void keep(files)} busy={busy} />
  );
}
