import UIKit

final class PhotoGalleryViewController: UICollectionViewController {
  private let photos: [Photo]

  init(photos: [Photo]) {
    self.photos = photos
    super.init(collectionViewLayout: UICollectionViewFlowLayout())
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    let viewer = PhotoViewerViewController(photo: photos[indexPath.item])
    viewer.modalPresentationStyle = .fullScreen
    present(viewer, animated: true)
  }
}

final class PhotoViewerViewController: UIViewController {
  init(photo: Photo) { super.init(nibName: nil, bundle: nil) }
  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}
