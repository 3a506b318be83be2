import { NgModule, RendererFactory2 } from '@angular/core';
import { TestComponentRenderer } from '@angular/core/testing';
import { BrowserTestingModule } from '@angular/platform-browser/testing';

/**
 * No renderer at all: application ticks (which run effects, such as those behind `toObservable`)
 * find nothing to render.
 */
const noRenderer = {
  createRenderer: () => {
    throw new Error('this test environment has no DOM: it renders no templates');
  },
  begin: () => {},
  end: () => {},
};

/**
 * The browser testing module without its DOM renderer, for tests in plain Node: providers,
 * injection contexts and signals work; templates are not rendered.
 */
export class NoDomTestingModule {}
NgModule({
  exports: [BrowserTestingModule],
  providers: [
    { provide: TestComponentRenderer, useClass: TestComponentRenderer },
    { provide: RendererFactory2, useValue: noRenderer },
  ],
})(NoDomTestingModule);
