import Foundation
import Synchronization
import YarukiHTTP

/// The demo's photos, drawn by ffmpeg: scenes of what people post (a sunrise run, a lunch bowl, a
/// barbell, a park path) rather than test patterns. Each is one `geq` picture (per-pixel colour
/// expressions), softened, grained and vignetted as a phone's photo is, 1280×960.
enum DemoPhotos {
    enum Scene: String, CaseIterable, Sendable {
        case sunrise, bowl, barbell, park
    }

    static let finish = "gblur=sigma=1.2,noise=alls=10:allf=t,vignette=PI/5,format=yuvj420p"

    static func filter(_ scene: Scene) -> String {
        switch scene {
        // The sun rising over the sea (a morning run by the harbour).
        case .sunrise: #"geq=r='clip(if(lt(Y,H*0.58),255-140*Y/(H*0.58)+if(lt(hypot(X-W*0.64,Y-H*0.55),62),255,60*exp(-hypot(X-W*0.64,Y-H*0.55)/160)),30+40*exp(-abs(X-W*0.64)/60)*(0.5+0.5*sin(Y/2.3))*gt(Y,H*0.58)),0,255)':g='clip(if(lt(Y,H*0.58),150-60*Y/(H*0.58)+if(lt(hypot(X-W*0.64,Y-H*0.55),62),220,40*exp(-hypot(X-W*0.64,Y-H*0.55)/160)),50+30*exp(-abs(X-W*0.64)/60)*(0.5+0.5*sin(Y/2.3))*gt(Y,H*0.58)),0,255)':b='clip(if(lt(Y,H*0.58),90+90*Y/(H*0.58),80+10*sin(X/40+Y/5)),0,255)'"#
        // A salmon and greens bowl on a wooden table.
        case .bowl: #"geq=r='clip(if(lt(hypot(X-W/2,Y-H/2),250),if(lt(hypot(X-W*0.57,Y-H*0.46),90),235,if(lt(hypot(X-W*0.42,Y-H*0.56),55),245,70+40*sin(X/9)*sin(Y/11))),if(lt(hypot(X-W/2,Y-H/2),330),238-10*(hypot(X-W/2,Y-H/2)-250)/80,120+30*sin(X/7+3*sin(Y/50)))),0,255)':g='clip(if(lt(hypot(X-W/2,Y-H/2),250),if(lt(hypot(X-W*0.57,Y-H*0.46),90),120+20*sin(X/6),if(lt(hypot(X-W*0.42,Y-H*0.56),55),210,120+50*sin(X/9)*sin(Y/11))),if(lt(hypot(X-W/2,Y-H/2),330),236-10*(hypot(X-W/2,Y-H/2)-250)/80,75+20*sin(X/7+3*sin(Y/50)))),0,255)':b='clip(if(lt(hypot(X-W/2,Y-H/2),250),if(lt(hypot(X-W*0.57,Y-H*0.46),90),90,if(lt(hypot(X-W*0.42,Y-H*0.56),55),60,40+20*sin(X/9)*sin(Y/11))),if(lt(hypot(X-W/2,Y-H/2),330),230-10*(hypot(X-W/2,Y-H/2)-250)/80,45+15*sin(X/7+3*sin(Y/50)))),0,255)'"#
        // A loaded barbell on a rubber gym floor.
        case .barbell: #"geq=r='clip(if(between(Y,H*0.47,H*0.53)*between(X,W*0.05,W*0.95),190+40*sin(Y/3),if((between(X,W*0.18,W*0.25)+between(X,W*0.75,W*0.82))*between(Y,H*0.22,H*0.78),if(lt(abs(Y-H/2),H*0.05),150,30+10*sin(Y/20)),if((between(X,W*0.26,W*0.29)+between(X,W*0.71,W*0.74))*between(Y,H*0.32,H*0.68),70,40+25*sin(X*Y/900)*sin(X/5)))),0,255)':g='clip(if(between(Y,H*0.47,H*0.53)*between(X,W*0.05,W*0.95),190+40*sin(Y/3),if((between(X,W*0.18,W*0.25)+between(X,W*0.75,W*0.82))*between(Y,H*0.22,H*0.78),if(lt(abs(Y-H/2),H*0.05),150,30+10*sin(Y/20)),if((between(X,W*0.26,W*0.29)+between(X,W*0.71,W*0.74))*between(Y,H*0.32,H*0.68),40,42+25*sin(X*Y/900)*sin(X/5)))),0,255)':b='clip(if(between(Y,H*0.47,H*0.53)*between(X,W*0.05,W*0.95),195+40*sin(Y/3),if((between(X,W*0.18,W*0.25)+between(X,W*0.75,W*0.82))*between(Y,H*0.22,H*0.78),if(lt(abs(Y-H/2),H*0.05),150,32+10*sin(Y/20)),if((between(X,W*0.26,W*0.29)+between(X,W*0.71,W*0.74))*between(Y,H*0.32,H*0.68),40,46+25*sin(X*Y/900)*sin(X/5)))),0,255)'"#
        // An autumn path through a park.
        case .park: #"geq=r='clip(if(lt(Y,H*0.35),200+30*Y/H,if(lt(abs(X-W/2),(Y-H*0.35)*0.9+20),190+20*sin(Y/4),if(lt(Y,H*0.62),200+50*sin(X/23)*sin(Y/17),70+30*sin(X/5)*sin(Y/7)))),0,255)':g='clip(if(lt(Y,H*0.35),215+20*Y/H,if(lt(abs(X-W/2),(Y-H*0.35)*0.9+20),170+20*sin(Y/4),if(lt(Y,H*0.62),110+60*sin(X/31)*sin(Y/13),110+30*sin(X/5)*sin(Y/7)))),0,255)':b='clip(if(lt(Y,H*0.35),235,if(lt(abs(X-W/2),(Y-H*0.35)*0.9+20),140+20*sin(Y/4),if(lt(Y,H*0.62),40+20*sin(X/23),50+20*sin(X/5)))),0,255)'"#
        }
    }

    /// Each scene's JPEG once drawn: two areas post the same scenes, and drawing one takes ffmpeg
    /// a second and a half of per-pixel expressions.
    private static let drawn = Mutex<[Scene: Data]>([:])

    /// The scene as a JPEG in the uploads folder, for the photo store to ingest; nil without ffmpeg.
    static func make(_ scene: Scene, _ media: MediaFiles) -> BodyFile? {
        if let bytes = drawn.withLock({ $0[scene] }) {
            let path = "\(media.uploads)/demo-\(UUID().uuidString).jpg"
            guard FileManager.default.createFile(atPath: path, contents: bytes) else { return nil }
            return BodyFile(path: path, size: bytes.count)
        }
        guard let file = DemoSeed.testPattern(media, "color=c=black:s=1280x960,format=rgb24",
                                              ["-frames:v", "1", "-vf", "\(filter(scene)),\(finish)", "-q:v", "3"], ext: "jpg") else { return nil }
        if let bytes = FileManager.default.contents(atPath: file.path) { drawn.withLock { $0[scene] = bytes } }
        return file
    }

    /// Every scene stored through the photo store, in `Scene` order; empty without ffmpeg or a data folder.
    static func stored(_ dataDirectory: String?) async -> [Scene: PhotoFiles.Stored] {
        guard let dataDirectory, let media = try? MediaFiles(dataDirectory: dataDirectory, width: 1) else { return [:] }
        let store = PhotoFiles(media: media)
        var stored: [Scene: PhotoFiles.Stored] = [:]
        for scene in Scene.allCases {
            guard let file = make(scene, media), let photo = try? await store.ingest(file) else { continue }
            stored[scene] = photo
        }
        return stored
    }
}
