/**
 * Live updates over supabase-js's Realtime client: private channels on the user's own topic
 * (`user:<id>`) and their role's (`role:<ROLE>`), which the database's policies on
 * realtime.messages let them join (supabase/migrations/20261126000019_realtime.sql); engineers
 * say they are online on `field-team` (presence keyed by their user id), vendors watch it.
 * supabase-js passes a refreshed access token to the channels itself (realtime.setAuth on
 * TOKEN_REFRESHED) and reconnects and rejoins with backoff after a lost connection.
 *
 * The channels are made once per session: offline the socket is closed (pause) and the same
 * channels join again when it opens (resume). Leaving and making channels anew on each change of
 * network would race: a leave that cannot reach the server times out seconds later and takes the
 * new channel of the same topic with it (supabase-js removes channels by topic).
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { pokedTables, type LiveListener, type LivePort } from './live';

export const POKE_EVENT = 'changes';
export const FIELD_TEAM_TOPIC = 'field-team';

export function supabaseLive(client: SupabaseClient, userId: string, role: string): LivePort {
  return {
    open(listener: LiveListener) {
      /** Each channel and how it joins (its subscribe, made once the user's token is in hand). */
      const channels = new Map<RealtimeChannel, () => void>();
      // The poke topics each join on every (re)connect; once both have, the device is live again
      // and is told once (one pull, not one per topic).
      const pokeTopics = [`user:${userId}`, `role:${role}`];
      const joinedSince = new Set<string>();
      const joinedOnSubscribe = (channel: RealtimeChannel, topic: string) => () =>
        channel.subscribe((status) => {
          if (status !== 'SUBSCRIBED') return;
          joinedSince.add(topic);
          if (joinedSince.size < pokeTopics.length) return;
          joinedSince.clear();
          listener.joined();
        });
      for (const topic of pokeTopics) {
        const channel = client
          .channel(topic, { config: { private: true } })
          .on('broadcast', { event: POKE_EVENT }, ({ payload }) => {
            const tables = pokedTables(payload);
            if (tables.length > 0) listener.poke(tables);
          });
        channels.set(channel, joinedOnSubscribe(channel, topic));
      }
      if (role === 'ENGINEER') {
        const team = client.channel(FIELD_TEAM_TOPIC, {
          config: { private: true, presence: { key: userId } },
        });
        channels.set(team, () =>
          team.subscribe((status) => {
            if (status === 'SUBSCRIBED') void team.track({ online_at: new Date().toISOString() });
          }),
        );
      }
      if (role === 'VENDOR' && listener.presence) {
        const report = listener.presence.bind(listener);
        const team = client.channel(FIELD_TEAM_TOPIC, { config: { private: true } });
        team.on('presence', { event: 'sync' }, () => report(Object.keys(team.presenceState())));
        channels.set(team, () => team.subscribe());
      }
      let closed = false;
      let paused = false;
      // The joins go out with the user's token. At a start supabase-js has not yet read the
      // stored session: a join sent then carries none, the server refuses it (Unauthorized), and
      // the channel tries again only a second later, when the device pulls a second time.
      void tokenSet(client).then(() => {
        if (closed) return;
        for (const join of channels.values()) join();
        if (paused) void client.realtime.disconnect();
      });
      return {
        pause() {
          paused = true;
          void client.realtime.disconnect();
        },
        resume() {
          paused = false;
          client.realtime.connect();
        },
        close() {
          closed = true;
          for (const channel of channels.keys()) void client.removeChannel(channel);
          channels.clear();
          void client.realtime.disconnect();
        },
      };
    },
  };
}

/**
 * Hands Realtime the signed-in user's access token (supabase-js's own: the stored session's,
 * read once its auth client has started). A failure leaves the joins to supabase-js's
 * retries, with whatever token it then has.
 */
function tokenSet(client: SupabaseClient): Promise<void> {
  return client.realtime.setAuth().catch(() => undefined);
}
