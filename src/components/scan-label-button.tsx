/**
 * 'Scan label' (issue 32): beside a serial number field, opens the camera and reads the chair's
 * label (Code 128 or QR); the serial goes to `onScan`, which fills the field exactly as typing
 * would, and focus returns to the field. The field stays the primary control: this button is
 * secondary, and every way a scan can fail (camera denied or absent, no label within
 * SCAN_TIMEOUT_MS) says so in words and leaves typing as it was. The decoder (src/lib/
 * barcode-reader.ts) loads only when a scan starts and works offline.
 */
import { Alert, AspectRatio, Box, Button, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { LuScanLine } from 'react-icons/lu';
import { serialFromLabel } from '../domain/serial-label';
import { DialogFrame } from './dialog-frame';

export const SCAN_DENIED = 'Camera access was denied. Type the serial number instead.';
export const SCAN_NO_CAMERA = 'No camera found on this device. Type the serial number instead.';
export const SCAN_CAMERA_BUSY =
  'The camera is in use by another app. Close that app and try again, or type the serial number.';
export const SCAN_NOT_FOUND =
  'No label found. Hold the label steady in the frame, or type the serial number.';
export const SCAN_FAILED = 'The scanner could not start. Type the serial number instead.';
export const SCAN_STARTING = 'Starting the camera…';
export const SCAN_AIM = "Point the camera at the chair's serial label.";

/** How long a scan looks for a code before saying it found none. */
export const SCAN_TIMEOUT_MS = 8_000;
/** The pause between two frames read: a frame takes ZXing some 20-80 ms on a tablet. */
const FRAME_INTERVAL_MS = 150;

type ScanState = 'starting' | 'scanning' | 'denied' | 'no-camera' | 'busy' | 'not-found' | 'failed';

const FAILURES: Partial<Record<ScanState, string>> = {
  denied: SCAN_DENIED,
  'no-camera': SCAN_NO_CAMERA,
  busy: SCAN_CAMERA_BUSY,
  'not-found': SCAN_NOT_FOUND,
  failed: SCAN_FAILED,
};

/** getUserMedia's refusal in the scanner's terms. */
function cameraFailure(error: unknown): ScanState {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-camera';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

async function openCamera(): Promise<MediaStream> {
  const media = globalThis.navigator?.mediaDevices;
  if (!media?.getUserMedia) {
    throw new DOMException('No camera API', 'NotFoundError');
  }
  return media.getUserMedia({
    audio: false,
    video: {
      facingMode: { ideal: 'environment' },
      width: { ideal: 1280 },
      height: { ideal: 720 },
    },
  });
}

/**
 * Runs a scan while `attempt` is set (the dialog open; a new number starts again): the camera and the decoder, then a frame every FRAME_INTERVAL_MS
 * until a code is read (`onRead`) or SCAN_TIMEOUT_MS pass. `attempt` starts it again. Whatever
 * happens, the camera is released when the scan ends or the dialog closes.
 */
function useScan(
  video: RefObject<HTMLVideoElement | null>,
  attempt: number | null,
  onRead: (serial: string) => void,
): ScanState {
  const [state, setState] = useState<ScanState>('starting');
  const read = useRef(onRead);
  useEffect(() => {
    read.current = onRead;
  });

  useEffect(() => {
    if (attempt === null) return undefined;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
      if (video.current) video.current.srcObject = null;
    };
    setState('starting');

    void (async () => {
      const decoder = import('../files/barcode-reader').then((m) => m.openLabelReader());
      // A decoder that fails before the camera does must not be an unhandled rejection.
      decoder.catch(() => undefined);
      try {
        stream = await openCamera();
      } catch (error) {
        if (!stopped) setState(cameraFailure(error));
        release();
        return;
      }
      if (stopped) {
        release();
        return;
      }
      const element = video.current;
      if (element) {
        element.srcObject = stream;
        // jsdom and some browsers return no promise; a refused autoplay still shows frames muted.
        void Promise.resolve(element.play?.()).catch(() => undefined);
      }
      let reader: Awaited<typeof decoder>;
      try {
        reader = await decoder;
      } catch {
        if (!stopped) setState('failed');
        release();
        return;
      }
      if (stopped) return;
      if (element) element.dataset.reader = reader.engine;
      setState('scanning');
      const deadline = Date.now() + SCAN_TIMEOUT_MS;
      const tick = async () => {
        if (stopped) return;
        let serial: string | null = null;
        try {
          const text = element ? await reader.read(element) : null;
          serial = text === null ? null : serialFromLabel(text);
        } catch {
          // A frame not ready yet (the video still starting): the next one is read.
        }
        if (stopped) return;
        if (serial) {
          release();
          read.current(serial);
          return;
        }
        if (Date.now() >= deadline) {
          release();
          setState('not-found');
          return;
        }
        timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    })();

    return release;
  }, [video, attempt]);

  return state;
}

export function ScanLabelButton({
  onScan,
  field,
  label = 'Scan label',
}: {
  /** The serial read; the screen fills its field with it as if typed. */
  onScan: (serial: string) => void;
  /** The serial field: focus goes back to it when the dialog closes. */
  field: RefObject<HTMLElement | null>;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  const state = useScan(video, open ? attempt : null, (serial) => {
    setOpen(false);
    onScan(serial);
  });
  const failure = FAILURES[state];
  const close = () => setOpen(false);
  return (
    <>
      {/* Words from a tablet's width up; on a phone the icon alone, so the serial keeps its room. */}
      <Button
        variant="outline"
        size="lg"
        flexShrink={0}
        aria-label={label}
        px={{ base: '3', sm: '5' }}
        minW="11"
        onClick={() => {
          setAttempt((n) => n + 1);
          setOpen(true);
        }}
      >
        <LuScanLine aria-hidden />
        <Box as="span" hideBelow="sm" aria-hidden>
          {label}
        </Box>
      </Button>
      <DialogFrame
        title="Scan serial label"
        open={open}
        onClose={close}
        size="md"
        finalFocusEl={() => field.current}
        footer={
          <>
            <Button variant="outline" size="lg" onClick={close}>
              Cancel
            </Button>
            {failure ? (
              <Button colorPalette="brand" size="lg" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            ) : null}
          </>
        }
      >
        <AspectRatio ratio={4 / 3} bg="black" borderRadius="md" overflow="hidden" mb="4">
          <Box position="relative">
            <video
              ref={video}
              aria-label="Camera view"
              muted
              playsInline
              autoPlay
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
            {/* Where to hold the label: a frame over the picture (the whole frame is read). */}
            <Box
              aria-hidden
              position="absolute"
              insetX="10%"
              insetY="25%"
              borderWidth="3px"
              borderColor="whiteAlpha.800"
              borderRadius="md"
              pointerEvents="none"
            />
          </Box>
        </AspectRatio>
        {failure ? (
          <Alert.Root status={state === 'not-found' ? 'warning' : 'error'} role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        ) : (
          <Text role="status" fontSize="lg">
            {state === 'starting' ? SCAN_STARTING : SCAN_AIM}
          </Text>
        )}
      </DialogFrame>
    </>
  );
}
