// 'Scan label' in each of its states, with the camera (getUserMedia) and the decoder module
// replaced: a code read fills the field as typing would and focus returns to it; a denied, absent
// or busy camera and a label not found within the time say so in words, and typing still works.
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SCAN_AIM,
  SCAN_CAMERA_BUSY,
  SCAN_DENIED,
  SCAN_NO_CAMERA,
  SCAN_NOT_FOUND,
  SCAN_TIMEOUT_MS,
  ScanLabelButton,
} from './scan-label-button';
import { SearchField } from './search-field';

const decoder = vi.hoisted(() => ({
  read: vi.fn<(frame: HTMLVideoElement) => Promise<string | null>>(),
  fails: false,
}));
vi.mock('../files/barcode-reader', () => ({
  openLabelReader: async () => {
    if (decoder.fails) throw new Error('no wasm');
    return { engine: 'zxing', read: decoder.read };
  },
}));

const track = { stop: vi.fn() };
const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>();
const originalMediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');

function setCamera(devices: { getUserMedia: typeof getUserMedia } | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true });
}

/** A serial search the way the engineer's screens have it: the box, and Scan label beside it. */
function SerialSearch() {
  const [term, setTerm] = useState('');
  const field = useRef<HTMLInputElement>(null);
  return (
    <>
      <SearchField
        label="Search equipment"
        value={term}
        onChange={setTerm}
        inputRef={field}
        action={<ScanLabelButton field={field} onScan={setTerm} />}
      />
      <p>Searching for: {term}</p>
    </>
  );
}

const show = () =>
  render(
    <ChakraProvider value={defaultSystem}>
      <SerialSearch />
    </ChakraProvider>,
  );
const box = () => screen.getByRole('searchbox', { name: 'Search equipment' });
const scanButton = () => screen.getByRole('button', { name: 'Scan label' });

describe('ScanLabelButton', () => {
  beforeEach(() => {
    decoder.read.mockReset();
    decoder.fails = false;
    track.stop.mockReset();
    getUserMedia.mockReset();
    getUserMedia.mockResolvedValue({ getTracks: () => [track] } as unknown as MediaStream);
    setCamera({ getUserMedia });
  });
  afterEach(() => {
    vi.useRealTimers();
    if (originalMediaDevices)
      Object.defineProperty(navigator, 'mediaDevices', originalMediaDevices);
    else setCamera(undefined);
  });

  it('fills the field with the serial read, as typed, closes and gives focus back to the field', async () => {
    decoder.read.mockResolvedValueOnce(null).mockResolvedValue('S30-23-00412\r\n');
    show();
    await userEvent.click(scanButton());
    const dialog = await screen.findByRole('dialog', { name: 'Scan serial label' });
    expect(dialog).toBeInTheDocument();
    await waitFor(() => expect(box()).toHaveValue('S30-23-00412'));
    expect(screen.getByText('Searching for: S30-23-00412')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(box()).toHaveFocus());
    expect(track.stop).toHaveBeenCalled();
    // The back camera, asked for by preference, so a laptop's only camera still serves.
    expect(getUserMedia.mock.calls[0]![0]).toMatchObject({
      video: { facingMode: { ideal: 'environment' } },
    });
  });

  it('says the camera was denied, and Cancel leaves the field to type in', async () => {
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    show();
    await userEvent.click(scanButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(SCAN_DENIED);
    expect(decoder.read).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(box()).toHaveFocus());
    await userEvent.keyboard('S30-23-00412');
    expect(box()).toHaveValue('S30-23-00412');
  });

  it('says there is no camera when the device has none or no camera API at all', async () => {
    getUserMedia.mockRejectedValue(new DOMException('none', 'NotFoundError'));
    show();
    await userEvent.click(scanButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(SCAN_NO_CAMERA);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    setCamera(undefined);
    await userEvent.click(scanButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(SCAN_NO_CAMERA);
  });

  it('says the camera is busy when another app holds it', async () => {
    getUserMedia.mockRejectedValue(new DOMException('busy', 'NotReadableError'));
    show();
    await userEvent.click(scanButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(SCAN_CAMERA_BUSY);
  });

  it('says no label was found once the time is up, releases the camera, and tries again on request', async () => {
    // The scan's clock is the test's: the frames are read on the real one, but the time it has
    // taken passes only as the test says (a busy machine's time never counts towards it).
    vi.useFakeTimers({ toFake: ['Date'] });
    decoder.read.mockResolvedValue(null);
    show();
    const user = userEvent.setup();
    await user.click(scanButton());
    expect(await screen.findByText(SCAN_AIM)).toBeInTheDocument();
    /** Waits until a frame has been read after the clock moved. */
    const nextFrame = async () => {
      const frames = decoder.read.mock.calls.length;
      await waitFor(() => expect(decoder.read.mock.calls.length).toBeGreaterThan(frames + 1));
    };
    act(() => vi.advanceTimersByTime(SCAN_TIMEOUT_MS - 1_000));
    await nextFrame();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(track.stop).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_500));
    expect(await screen.findByRole('alert')).toHaveTextContent(SCAN_NOT_FOUND);
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByText('Searching for:')).toBeInTheDocument();

    decoder.read.mockResolvedValue('U500-25-00120');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(box()).toHaveValue('U500-25-00120'));
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('says the scanner could not start when the decoder does not load', async () => {
    decoder.fails = true;
    show();
    await userEvent.click(scanButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The scanner could not start. Type the serial number instead.',
    );
    expect(track.stop).toHaveBeenCalled();
  });
});
