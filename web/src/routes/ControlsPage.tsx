/**
 * `/controls`: the emulator's test controls without curl: reset the workspace (confirmed), seed it from a fixture
 * file or pasted JSON (a 422's problems shown per field; nothing is written then), fault rules (presets or raw
 * JSON; they fire on /api requests of this workspace), the clock (shared by every workspace), and the effective
 * settings, read-only. Loaded only when opened (App.tsx).
 */
import { Clock } from '../controls/Clock.js';
import { Faults } from '../controls/Faults.js';
import { ResetWorkspace } from '../controls/ResetWorkspace.js';
import { Seed } from '../controls/Seed.js';
import { Settings } from '../controls/Settings.js';
import { useTitle } from '../forms.js';
import '../records/records.css';

export default function ControlsPage() {
  useTitle('Controls');
  return (
    <main className="records-page">
      <h1>Controls</h1>
      <p className="lead muted">
        Drive the emulator's test features: reset and seed the workspace, make the API fail on purpose, stop or move the
        clock.
      </p>
      <div className="records-grid">
        <ResetWorkspace />
        <Clock />
      </div>
      <Faults />
      <Seed />
      <Settings />
    </main>
  );
}
