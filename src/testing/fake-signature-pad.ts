// jsdom has no canvas: a stand-in for signature_pad that a test "signs" on (`pads.current.draw()`),
// recording what the screen asks of it. Use with
//   vi.mock('signature_pad', () => import('<path>/testing/fake-signature-pad'));
export const SIGNED_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';

export const pads = { current: null as null | FakeSignaturePad };

export default class FakeSignaturePad extends EventTarget {
  private empty = true;
  restored: string[] = [];
  constructor() {
    super();
    pads.current = this;
  }
  clear() {
    this.empty = true;
  }
  isEmpty() {
    return this.empty;
  }
  toDataURL(type?: string) {
    return type === 'image/png' ? SIGNED_PNG : 'wrong';
  }
  fromDataURL(dataUrl: string) {
    this.restored.push(dataUrl);
    this.empty = false;
    return Promise.resolve();
  }
  off() {}
  on() {}
  draw() {
    this.empty = false;
    this.dispatchEvent(new Event('endStroke'));
  }
}
