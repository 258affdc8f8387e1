// A search handed from another screen to Participants ("Rechercher dans les participants" in
// the directory). The sender sets it and asks the shell to show Participants; the Participants
// screen takes it (once) when it mounts, or at once if it is already on screen.

let pending = $state<{ value: string; siren: string } | null>(null);

export const pendingParticipantSearch = {
  /** The search waiting to be run, if any (reactive). */
  get current(): { value: string; siren: string } | null {
    return pending;
  },
  /** Asks Participants to search this SIREN. */
  request(siren: string): void {
    pending = { value: siren, siren };
  },
  /** Takes the waiting search, leaving none behind. */
  take(): { value: string; siren: string } | null {
    const taken = pending;
    pending = null;
    return taken;
  },
};
