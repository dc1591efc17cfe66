import { useEffect, useState } from 'react';
import { AddMemoryForm } from './AddMemoryForm';
import { CaptureProblems } from './CaptureProblems';
import { DataSection } from './DataSection';
import { MemoryList } from './MemoryList';
import { ModelSettings } from './ModelSettings';

const SECTIONS = { memories: 'Memories', activity: 'Activity', model: 'Model', data: 'Data' } as const;
type Section = keyof typeof SECTIONS;

function currentSection(): Section {
  const hash = location.hash.slice(1);
  return hash in SECTIONS ? (hash as Section) : 'memories';
}

export function OptionsApp() {
  const [section, setSection] = useState<Section>(currentSection);
  useEffect(() => {
    const onHash = () => setSection(currentSection());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return (
    <div className="layout">
      <nav aria-label="Sections">
        <strong>Engram</strong>
        {Object.entries(SECTIONS).map(([id, label]) => (
          <a key={id} href={`#${id}`} aria-current={id === section ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      <main>
        {section === 'memories' ? (
          <section className="stack" aria-labelledby="memories-title">
            <h1 id="memories-title">Memories</h1>
            <AddMemoryForm />
            <MemoryList />
          </section>
        ) : section === 'activity' ? (
          <section className="stack" aria-labelledby="activity-title">
            <h1 id="activity-title">Activity</h1>
            <h2>Capture problems</h2>
            <CaptureProblems />
          </section>
        ) : section === 'model' ? (
          <ModelSettings />
        ) : (
          <DataSection />
        )}
      </main>
    </div>
  );
}
