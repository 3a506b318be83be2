import '@angular/compiler';
import { NgModule } from '@angular/core';
import { getTestBed, TestComponentRenderer } from '@angular/core/testing';
import { BrowserTestingModule, platformBrowserTesting } from '@angular/platform-browser/testing';

/**
 * The browser testing module without its DOM renderer: these tests exercise providers, injection
 * contexts and signals, never templates, so they run in plain Node next to the fake API server.
 */
class NodeTestingModule {}
NgModule({
  exports: [BrowserTestingModule],
  providers: [{ provide: TestComponentRenderer, useClass: TestComponentRenderer }],
})(NodeTestingModule);

getTestBed().initTestEnvironment(NodeTestingModule, platformBrowserTesting(), {
  teardown: { destroyAfterEach: true },
});
