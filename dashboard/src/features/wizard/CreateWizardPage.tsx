import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { apiErrorMessage } from '../../api/errors';
import { useToast } from '../../ui/toast';
import { useRefreshChatbots } from '../../chatbots/queries';
import { evaluateAddSource } from './addSource';
import { crawlScopeRequest, pagesOr } from '../../chatbots/crawlSettings';
import { ConfigureStep } from './ConfigureStep';
import { ReviewStep } from './ReviewStep';
import { StepIndicator } from './StepIndicator';
import {
  clearCrawlConfig,
  clearSelections,
  clearSourceList,
  loadCrawlConfig,
  loadSelections,
  loadSourceList,
  saveCrawlConfig,
  saveSelections,
  saveSourceList,
  WIZARD_DEFAULTS,
  type CrawlConfiguration,
} from './wizardStorage';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import './wizard.css';

type Step = 'configure' | 'review';

/** /app/chatbots/create: Configure (collect) → Review (select) → index (spec §2, §4, §5, §8). */
export default function CreateWizardPage() {
  useDocumentTitle('Create a Chatbot');
  const [params, setParams] = useSearchParams();
  const step: Step = params.get('step') === 'review' ? 'review' : 'configure';
  const navigate = useNavigate();
  const toast = useToast();
  const refresh = useRefreshChatbots();

  const [config, setConfig] = useState<CrawlConfiguration>(() => {
    const saved = loadCrawlConfig();
    const fromQuery = params.get('url');
    return fromQuery ? { ...saved, url: fromQuery.slice(0, 2048) } : saved;
  });
  const [collected, setCollected] = useState<string[]>([]);
  const [manual, setManual] = useState<string[]>([]);
  const [selected, setSelected] = useState<Record<string, true>>({});
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [collecting, setCollecting] = useState(false);
  const [creating, setCreating] = useState(false);
  const [noneSelectedError, setNoneSelectedError] = useState(false);
  const startUrl = config.url.trim();

  // Saved on every change, restored on load.
  useEffect(() => saveCrawlConfig(config), [config]);

  const goTo = useCallback(
    (next: Step) => {
      const p = new URLSearchParams(params);
      p.set('step', next);
      setParams(p, { replace: true });
    },
    [params, setParams],
  );

  // Returning to configure (Back, or the step parameter changing) clears the review state.
  const prevStep = useRef(step);
  useEffect(() => {
    if (step === 'configure') {
      setCollected([]);
      setManual([]);
      setSelected({});
      setSearch('');
      setNoneSelectedError(false);
      if (prevStep.current === 'review') setError(null);
    } else if (prevStep.current !== 'review' || Object.keys(selected).length === 0) {
      // Entering review: stored selections and the list itself come back (they survive a reload of this step).
      const stored = loadSelections(startUrl);
      if (Object.keys(stored).length) setSelected((cur) => ({ ...stored, ...cur }));
      const list = loadSourceList(startUrl);
      if (list.collected.length || list.manual.length) {
        setCollected((cur) => (cur.length ? cur : list.collected));
        setManual((cur) => (cur.length ? cur : list.manual));
      }
    }
    prevStep.current = step;
  }, [step]);

  // Selections persist per start URL.
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (step !== 'review') return;
    if (loadedFor.current !== startUrl) {
      loadedFor.current = startUrl;
      return;
    }
    saveSelections(startUrl, selected);
  }, [selected, startUrl, step]);

  // The list persists per start URL too (unticked addresses are in no selection map).
  useEffect(() => {
    if (step === 'review' && (collected.length || manual.length)) saveSourceList(startUrl, { collected, manual });
  }, [collected, manual, startUrl, step]);

  // Addresses restored from storage appear in the list even after a reload.
  const sources = useMemo(() => {
    const all = [...collected];
    for (const url of [...manual, ...Object.keys(selected)]) if (!all.includes(url)) all.push(url);
    return all;
  }, [collected, manual, selected]);
  const manualSet = useMemo(() => new Set(manual), [manual]);

  const collect = async () => {
    setCollecting(true);
    setError(null);
    clearSelections(startUrl);
    clearSourceList(startUrl);
    setSelected({});
    try {
      const result = await api.collectUrls({
        url: startUrl,
        max_depth: config.max_depth || WIZARD_DEFAULTS.max_depth,
        max_pages: pagesOr(config.max_pages, 30),
        ...crawlScopeRequest(config),
      });
      // A 2xx answer with success false (or without the list) is the server saying it failed.
      if (!result.success || !Array.isArray(result.data?.collected_urls)) {
        setError('API indicated failure collecting URLs.');
        toast({ title: 'Failed to collect URLs from API.', variant: 'error' });
        return;
      }
      const collectedCount = result.data.count;
      const urls = [...new Set(result.data.collected_urls.filter((u): u is string => typeof u === 'string'))];
      setCollected(urls);
      setManual([]);
      const all: Record<string, true> = {};
      for (const u of urls) all[u] = true;
      setSelected(all);
      loadedFor.current = startUrl;
      saveSelections(startUrl, all);
      prevStep.current = 'review';
      toast({ title: `Collected ${collectedCount ?? urls.length} URLs.`, variant: 'success' });
      goTo('review');
    } catch (err) {
      const message = apiErrorMessage(err, 'Failed to collect URLs. Please check the URL and parameters.');
      setError(message);
      toast({ title: `URL Collection Error: ${message}`, variant: 'error' });
    } finally {
      setCollecting(false);
    }
  };

  const skip = () => {
    setError(null);
    goTo('review');
  };

  const addSource = () => {
    const outcome = evaluateAddSource(search, sources, selected);
    switch (outcome.kind) {
      case 'warning':
        toast({ title: outcome.message, variant: 'warning' });
        return;
      case 'error':
        toast({ title: outcome.message, variant: 'error' });
        return;
      case 'selected':
        setSelected((s) => ({ ...s, [outcome.url]: true }));
        toast({ title: outcome.message, variant: 'success' });
        setSearch('');
        return;
      case 'added':
        setManual((m) => [...m, outcome.url]);
        setSelected((s) => ({ ...s, [outcome.url]: true }));
        toast({ title: outcome.message, variant: 'success' });
        setSearch('');
        return;
    }
  };

  const toggle = (url: string) =>
    setSelected((s) => {
      const next = { ...s };
      if (next[url]) delete next[url];
      else next[url] = true;
      return next;
    });

  const setMany = (urls: string[], on: boolean) =>
    setSelected((s) => {
      const next = { ...s };
      for (const u of urls) {
        if (on) next[u] = true;
        else delete next[u];
      }
      return next;
    });

  const confirm = async () => {
    const urls = sources.filter((s) => selected[s]);
    if (urls.length === 0) {
      setNoneSelectedError(true);
      toast({ title: 'Please select or add at least one URL to crawl.', variant: 'error' });
      return;
    }
    setCreating(true);
    setError(null);
    try {
      await api.indexUrls({ urls, name: name.trim(), description: '', ...(config.renderJavascript ? { render_javascript: true } : {}) });
      toast({ title: 'Indexing started!', variant: 'success' });
      clearCrawlConfig();
      clearSelections(startUrl);
      clearSourceList(startUrl);
      refresh();
      navigate('/app/chatbots');
    } catch (err) {
      const message = apiErrorMessage(err, 'Failed to start indexing. Please try again.');
      setError(message);
      toast({ title: `Indexing Error: ${message}`, variant: 'error' });
      setCreating(false);
    }
  };

  return (
    <div className="page page-narrow">
      <div className="page-header">
        <div>
          <h1>Create a Chatbot</h1>
          <p className="page-lead">Collect the pages of a site, choose what to include, and start indexing.</p>
        </div>
      </div>
      <StepIndicator step={step} />
      {step === 'configure' ? (
        <ConfigureStep
          config={config}
          onChange={(patch) => setConfig((c) => ({ ...c, ...patch }))}
          onCollect={collect}
          onSkip={skip}
          collecting={collecting}
          error={error}
        />
      ) : (
        <ReviewStep
          sources={sources}
          manual={manualSet}
          selected={selected}
          search={search}
          onSearch={setSearch}
          onAdd={addSource}
          onToggle={toggle}
          onSetMany={setMany}
          onBack={() => goTo('configure')}
          onConfirm={confirm}
          creating={creating}
          error={error}
          noneSelectedError={noneSelectedError}
          name={name}
          onName={setName}
        />
      )}
    </div>
  );
}
