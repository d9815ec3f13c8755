/**
 * The customer signs on the tablet with a finger or stylus (signature_pad). The canvas fills its
 * container at the device pixel ratio so strokes stay sharp; each finished stroke reports the
 * drawing as a PNG data URL, and a stored drawing is painted back after a reload or a rotation.
 */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';
import SignaturePad from 'signature_pad';

const HEIGHT = 200;

export function SignatureBox({
  value,
  onChange,
  labelId,
  invalid,
}: {
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  /** Id of the visible label naming the drawing area. */
  labelId: string;
  invalid: boolean;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    valueRef.current = value;
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    const container = containerRef.current;
    if (!canvas || !container) return;
    // A white page and dark ink in both colour modes: the PNG is a signature on paper.
    const pad = new SignaturePad(canvas, {
      backgroundColor: 'rgb(255, 255, 255)',
      penColor: 'rgb(17, 24, 39)',
    });
    padRef.current = pad;
    let width = -1;
    const fit = () => {
      const nextWidth = container.clientWidth;
      // Mobile browsers fire resize when the address bar hides: redraw only on a real change.
      if (nextWidth === width) return;
      width = nextWidth;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = nextWidth * ratio;
      canvas.height = HEIGHT * ratio;
      canvas.style.width = `${nextWidth}px`;
      canvas.style.height = `${HEIGHT}px`;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      const stored = valueRef.current;
      if (stored) void pad.fromDataURL(stored, { ratio, width: nextWidth, height: HEIGHT });
    };
    const onStrokeEnd = () =>
      onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    fit();
    pad.addEventListener('endStroke', onStrokeEnd);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', onStrokeEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    onChange(null);
  };

  return (
    <Box>
      <Box
        ref={containerRef}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={invalid ? 'border.error' : 'border.emphasized'}
        borderRadius="md"
        overflow="hidden"
        bg="white"
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-labelledby={labelId}
          style={{ display: 'block', touchAction: 'none', height: HEIGHT }}
        />
      </Box>
      <HStack justify="space-between" mt="2">
        <Text fontSize="sm" color="fg.muted">
          Ask the customer to sign inside the box with a finger or stylus.
        </Text>
        <Button variant="outline" onClick={clear} disabled={!value}>
          Clear
        </Button>
      </HStack>
    </Box>
  );
}

/** The customer's drawn signature with its label and its error: the installation's and the resolution's. */
export function SignatureField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  /** The new drawing (null when cleared); the field counts as touched then. */
  onChange: (dataUrl: string | null) => void;
  error: string | undefined;
}) {
  const labelId = useId();
  return (
    <Box>
      <Text id={labelId} fontWeight="medium" mb="2">
        Customer signature
      </Text>
      <SignatureBox labelId={labelId} value={value} invalid={Boolean(error)} onChange={onChange} />
      {error ? (
        <Text color="fg.error" fontSize="sm" mt="1" role="alert">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
