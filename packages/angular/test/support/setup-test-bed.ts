import '@angular/compiler';
import { NgModule, RendererFactory2 } from '@angular/core';
import { getTestBed, TestComponentRenderer } from '@angular/core/testing';
import { BrowserTestingModule, platformBrowserTesting } from '@angular/platform-browser/testing';

/**
 * No renderer at all: application ticks (which run effects, such as those behind `toObservable`)
 * find nothing to render.
 */
const noRenderer = {
  createRenderer: () => {
    throw new Error('these tests render no templates');
  },
  begin: () => {},
  end: () => {},
};

/**
 * The browser testing module without its DOM renderer: these tests exercise providers, injection
 * contexts and signals, never templates, so they run in plain Node next to the fake API server.
 */
class NodeTestingModule {}
NgModule({
  exports: [BrowserTestingModule],
  providers: [
    { provide: TestComponentRenderer, useClass: TestComponentRenderer },
    { provide: RendererFactory2, useValue: noRenderer },
  ],
})(NodeTestingModule);

getTestBed().initTestEnvironment(NodeTestingModule, platformBrowserTesting(), {
  teardown: { destroyAfterEach: true },
});
