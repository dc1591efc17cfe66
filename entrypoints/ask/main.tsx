import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../components/shared/theme.css';
import { Localized } from '../../components/shared/Localized';
import { AskApp } from '../../components/agents/AskApp';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Localized>
        <AskApp ask={location.hash.slice(1)} />
      </Localized>
    </StrictMode>,
  );
