-- Every ended staff session is announced to every server process (a sign-out, and the sessions an
-- account's removal cascades to): each closes that session's sockets at once instead of at its
-- next heartbeat (realtime.routes.ts). The payload is the token's hash, never the token.
create function staff_session_ended() returns trigger language plpgsql as $$ begin perform pg_notify('checkn_sessions', old.token_hash); return null; end $$;
create trigger staff_session_ended after delete on staff_sessions for each row execute function staff_session_ended();
