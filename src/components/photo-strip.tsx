/**
 * The engineer's photos of the work (issue 20): 'Add Photo' opens the tablet's camera (or the
 * file picker), each photo shows at once as a thumbnail from the device with where its upload
 * stands: 'Waiting to upload', 'Uploaded', or why it was not. Presentational: the screen passes
 * the photos (useWorkPhotos) and what to do with new files (useKeepPhoto).
 */
import {
  Badge,
  Box,
  Button,
  HStack,
  Image,
  Stack,
  Text,
  VisuallyHidden,
  Wrap,
} from '@chakra-ui/react';
import { useId, useRef } from 'react';
import { LuCamera } from 'react-icons/lu';

export interface PhotoStripItem {
  id: string;
  url: string;
  status: 'pending' | 'uploaded' | 'rejected';
  lastError: string | null;
}

const STATUS = {
  pending: { label: 'Waiting to upload', palette: 'orange' },
  uploaded: { label: 'Uploaded', palette: 'green' },
  rejected: { label: 'Not uploaded', palette: 'red' },
} as const;

export function PhotoStrip({
  title,
  photos,
  onAdd,
  busy,
}: {
  title: string;
  photos: PhotoStripItem[] | undefined;
  onAdd: (files: File[]) => void;
  busy: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const headingId = useId();
  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text id={headingId} fontWeight="semibold">
          {title}
        </Text>
        <Button
          size="sm"
          variant="outline"
          loading={busy}
          onClick={() => inputRef.current?.click()}
        >
          <LuCamera aria-hidden /> Add Photo
        </Button>
        <VisuallyHidden>
          <label htmlFor={inputId}>Photo of the work</label>
          <input
            id={inputId}
            ref={inputRef}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            tabIndex={-1}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              onAdd(files);
            }}
          />
        </VisuallyHidden>
      </HStack>
      {photos && photos.length > 0 ? (
        <Wrap as="ul" gap="3" m="0" p="0" listStyleType="none" aria-label={title}>
          {photos.map((photo, index) => {
            const status = STATUS[photo.status];
            return (
              <Box as="li" key={photo.id} w="32">
                <Image
                  src={photo.url}
                  alt={`Photo ${index + 1}`}
                  w="32"
                  h="24"
                  objectFit="cover"
                  borderRadius="md"
                  borderWidth="1px"
                />
                <Badge mt="1" size="sm" colorPalette={status.palette}>
                  {status.label}
                </Badge>
                {photo.status !== 'uploaded' && photo.lastError ? (
                  <Text fontSize="xs" color="fg.muted" mt="1">
                    {photo.lastError}
                  </Text>
                ) : null}
              </Box>
            );
          })}
        </Wrap>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          No photos yet. Photos are kept on this device and uploaded when online.
        </Text>
      )}
    </Stack>
  );
}
