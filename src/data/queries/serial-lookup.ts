/**
 * Warranty Activation's live serial lookup (SPEC §2, §5). A customer's mirror holds only their own
 * chairs, so a serial it does not hold is asked of the server (debounced while typing): the
 * server tells the model of a chair that can still be claimed, or nothing. Offline, or when the
 * server cannot answer, the serial is checked when the activation is sent, as before.
 */
import { useEffect, useState } from 'react';
import { isChairModel, type ChairModel } from '../../domain/chair-models';
import { canRegisterChair } from '../../domain/chairs';
import { chairModelName } from '../../domain/labels';
import { useSessionStore, useSyncStatus } from '../session-context';
import { useChairBySerial } from './customer';

/**
 * - 'idle': nothing typed;
 * - 'checking': the mirror or the server has not answered yet;
 * - { found, model }: a chair that can be registered, with its model as shown ('S30 Sigma') and
 *   its code (the activation passes it on for the chair the device shows until the server
 *   answers);
 * - 'not-found': no such chair in the inventory, or it is already registered;
 * - 'offline': the server cannot be asked now; the serial is checked when the activation is sent.
 */
export type SerialLookup =
  'idle' | 'checking' | { found: string; model: ChairModel | undefined } | 'not-found' | 'offline';

/** How long typing must pause before the server is asked. */
export const SERIAL_LOOKUP_DELAY_MS = 300;

/**
 * Whether the device may reach the server: the sync engine has not found it offline, and the
 * browser does not say it has no network (read at render; the engine re-renders on changes).
 */
export function useLikelyOnline(): boolean {
  const { online } = useSyncStatus();
  return online && (typeof navigator === 'undefined' || navigator.onLine !== false);
}

export function useSerialLookup(serialNumber: string): SerialLookup {
  const serial = serialNumber.trim();
  const local = useChairBySerial(serial);
  const online = useLikelyOnline();
  const store = useSessionStore();
  const [remote, setRemote] = useState<{ serial: string; answer: SerialLookup } | null>(null);
  const askServer = serial !== '' && local === null && online;

  useEffect(() => {
    if (!askServer) return;
    let current = true;
    const timer = setTimeout(() => {
      store.lookupSerial(serial).then(
        (chair) => {
          if (!current) return;
          setRemote({
            serial,
            answer: chair
              ? {
                  found: chairModelName({ model: chair.model, modelName: null }),
                  model: isChairModel(chair.model) ? chair.model : undefined,
                }
              : 'not-found',
          });
        },
        () => {
          if (current) setRemote({ serial, answer: 'offline' });
        },
      );
    }, SERIAL_LOOKUP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [askServer, serial, store]);

  if (!serial) return 'idle';
  if (local === undefined) return 'checking';
  if (local) {
    return canRegisterChair(local.status)
      ? { found: chairModelName(local), model: local.model }
      : 'not-found';
  }
  if (!online) return 'offline';
  return remote?.serial === serial ? remote.answer : 'checking';
}
